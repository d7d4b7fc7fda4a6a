export * from './store';
export { useSession } from './react';
