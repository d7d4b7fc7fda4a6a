export * from './client';
export * from './react';
