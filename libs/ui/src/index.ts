import './ui.css';

export * from './components';
export * from './standalone';
export * from './popups';
export * from './after-load';
