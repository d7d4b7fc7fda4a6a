export * from './client';
export * from './react';
export * from './tokens';
export { dropCopies } from './offline-copies';
export * from './prefetch';
