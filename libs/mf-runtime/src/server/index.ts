// The generic half of a remote's renderer (issue #39, docs/renderers.md): configuration, the bounded
// read cache, the HTTP service and the route renderer. Node only, never in a browser bundle: import
// it by its deep path, `@pupitre/mf-runtime/src/server`, from a remote's `src/server/` only.
export * from './config';
export * from './read-cache';
export * from './renderer-server';
export * from './render-route';
export { runRenderer } from './main';
