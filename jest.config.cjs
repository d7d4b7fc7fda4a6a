// One jest configuration, three projects: unit tests of node code, unit tests of browser code
// (jsdom + Testing Library), and integration tests against the real database, Redis and mail
// catcher that tools/jest/integration-setup.mjs starts on free ports.
const transform = { '^.+\\.(t|j|mj|cj)sx?$': '<rootDir>/tools/jest/swc-transform.cjs' };
// NestJS 12 and a few of its companions (and otplib's @scure/@noble) ship ESM only: let swc turn them into CommonJS for jest.
const transformIgnorePatterns = [
  '/node_modules/(?!(@nestjs|uuid|nanoid|jose|file-type|react-router|@remix-run/route-pattern|cookie-es|@otplib|@scure|@noble)/)',
];
const moduleNameMapper = {
  '\\.module\\.css$': '<rootDir>/tools/jest/css-module-stub.cjs',
  '\\.(css|svg|png|jpg|webm|mp4)$': '<rootDir>/tools/jest/file-stub.cjs',
};
const ignored = ['/node_modules/', '/dist/', '/dist-[^/]+/', '/.data/'];

const common = { transform, transformIgnorePatterns, moduleNameMapper, testPathIgnorePatterns: ignored, rootDir: __dirname };

module.exports = {
  testSequencer: '<rootDir>/tools/jest/long-first-sequencer.cjs',
  projects: [
    {
      ...common,
      displayName: 'unit-node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{libs,services,infra,scripts,tools}/**/*.spec.{ts,mjs,cjs}'],
      testPathIgnorePatterns: [...ignored, '\\.int\\.spec\\.ts$', '/libs/(ui|i18n|session|api-client|mf-runtime|review-ui)/'],
    },
    {
      ...common,
      displayName: 'unit-web',
      testEnvironment: 'jsdom',
      testMatch: [
        '<rootDir>/{shell,mfe-community,mfe-review,mfe-account}/src/**/*.spec.{ts,tsx}',
        '<rootDir>/libs/{ui,i18n,session,api-client,mf-runtime,review-ui}/src/**/*.spec.{ts,tsx}',
      ],
      setupFilesAfterEnv: ['<rootDir>/tools/jest/web-setup.cjs'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{libs,services,infra}/**/*.int.spec.ts'],
      // `npm test` runs the files that take minutes (`*.long.int.spec.ts`) in a run of their own that starts before the
      // lint, and the others here with JEST_SKIP_LONG=1 (scripts/lib/long-tests.mjs).
      testPathIgnorePatterns: process.env.JEST_SKIP_LONG === '1' ? [...ignored, '\\.long\\.int\\.spec\\.ts$'] : ignored,
      globalSetup: '<rootDir>/tools/jest/integration-setup.mjs',
      globalTeardown: '<rootDir>/tools/jest/integration-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tools/jest/integration-trace-source.cjs'],
      slowTestThreshold: 20,
    },
  ],
};
