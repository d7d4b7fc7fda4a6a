import './ui.css';

export * from './components';
export * from './standalone';
export { isScreenLoaded, lazyScreen, preloadScreen, preloadScreens, type LazyScreen } from './lazy-screen';
export * from './popups';
export { Bar, percentLength } from './Bar';
export { Stars, starValue } from './Stars';
export { Score, type ScoreProps } from './Score';
export { Face, FaceScale, FACE_LEVELS, faceOf, type FaceLevel, type FaceScaleProps } from './FaceScale';
export { Carousel, CarouselPause, type CarouselProps } from './Carousel';
export { usePrefersReducedMotion } from './motion';
export { whenIdle } from './idle';
export * from './after-load';
export { getRenderNow, setRenderNow, useRenderNow } from './render-now';
export { useHydrated, useMountValue, useTypedBeforeTakeover } from './hydration';
