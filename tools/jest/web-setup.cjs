/* global jest */
// Setup of the `unit-web` jest project (jsdom + Testing Library).
require('@testing-library/jest-dom');

// jsdom has no TextEncoder/TextDecoder; react-router uses them at module load.
const util = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = util.TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = util.TextDecoder;

// react-router 8 and its two dependencies ship ES modules only, and jest (CommonJS mode, no
// --experimental-vm-modules) cannot require them. Until jest.config.cjs lists them in
// transformIgnorePatterns, they are compiled here on demand with the workspace's one swc
// configuration and evaluated inside the test's module registry, so `react` is the same instance
// the tests render with. Any other bare import is delegated to jest's own require.
const path = require('node:path');
const fs = require('node:fs');
const { transformSync } = require('@swc/core');
const swcOptions = require('../swc.cjs');

const ESM_ONLY = /[\\/]node_modules[\\/](react-router|@remix-run[\\/]route-pattern|cookie-es)[\\/]/;
const jestRequire = require;

function createEsmLoader() {
  const cache = new Map();
  const load = (file) => {
    const cached = cache.get(file);
    if (cached) return cached.exports;
    const module = { exports: {} };
    cache.set(file, module);
    // `import.meta` only appears in a dev-only hot-reload guard; CommonJS has no equivalent.
    const source = fs.readFileSync(file, 'utf8').replace(/\bimport\.meta\b/g, '({})');
    const { code } = transformSync(source, { ...swcOptions({ module: 'commonjs' }), filename: file, sourceMaps: false });
    const localRequire = (specifier) => {
      let resolved;
      if (specifier.startsWith('.')) resolved = path.resolve(path.dirname(file), specifier);
      else resolved = jestRequire.resolve(specifier, { paths: [path.dirname(file)] });
      return ESM_ONLY.test(resolved) ? load(resolved) : jestRequire(resolved);
    };
    new Function('exports', 'require', 'module', '__filename', '__dirname', code)(
      module.exports,
      localRequire,
      module,
      file,
      path.dirname(file),
    );
    return module.exports;
  };
  return load;
}

const loadEsm = createEsmLoader();
jest.mock('react-router', () => loadEsm(jestRequire.resolve('react-router')));
