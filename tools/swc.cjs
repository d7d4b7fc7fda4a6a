// The one swc configuration: jest (@swc/jest) and rspack (builtin:swc-loader) both read it.
// Decorator metadata is on because NestJS's dependency injection reads constructor parameter types.
/** @param {{ module?: 'commonjs' | 'es6', react?: boolean }} [opts] */
module.exports = function swcOptions(opts = {}) {
  const options = {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        react: { runtime: 'automatic' },
      },
      target: 'es2023',
      keepClassNames: true,
    },
    sourceMaps: true,
  };
  if (opts.module) options.module = { type: opts.module };
  return options;
};
