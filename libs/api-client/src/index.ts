export * from './client';
export * from './react';
export * from './tokens';
export * from './prefetch';
