// jest transformer: @swc/jest with the workspace's one swc configuration (CommonJS output).
// ESM-only packages (react-router, NestJS…) are transformed too; swc rewrites `import.meta.url`
// for CommonJS, but leaves other `import.meta` properties, such as the `import.meta.hot` of bundler
// hot-reload guards, which would make jest treat the file as ESM: those are undefined here.
const { createTransformer } = require('@swc/jest');
const swcOptions = require('../swc.cjs');

const swc = createTransformer(swcOptions({ module: 'commonjs' }));
const strip = (src) => src.replace(/\bimport\.meta\.(hot|env)\b/g, 'undefined');

module.exports = {
  ...swc,
  process: (src, file, options) => swc.process(strip(src), file, options),
  processAsync: (src, file, options) => swc.processAsync(strip(src), file, options),
  getCacheKey: (src, file, options) => `${swc.getCacheKey(src, file, options)}:strip-import-meta-1`,
};
