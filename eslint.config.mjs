// Lint rules for the whole workspace (flat config). Type-aware rules stay off: `npm run typecheck`
// already runs the compiler once over everything, and lint should stay fast.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import nx from '@nx/eslint-plugin';
import { DEP_CONSTRAINTS, TOOLING } from './tools/lint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '.data/**',
      '.nx/**',
      'coverage/**',
      'test-results/**',
      'artifacts/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Boundaries between projects (tags in each package.json "nx" block, rules in tools/lint/boundaries.mjs):
    // applications import libraries only, libraries by layer. Needs Nx's project graph: `npm run lint`
    // builds it first (tools/lint/project-graph.mjs), and the rule's own test proves it fires.
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { allow: [TOOLING], enforceBuildableLibDependency: false, depConstraints: DEP_CONSTRAINTS },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['{shell,mfe-community,mfe-review,mfe-account,libs}/**/*.tsx', '{shell,mfe-community,mfe-review,mfe-account,libs}/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No `style` prop: rendered on the server it becomes a style attribute, which the pages' CSP
    // (style-src without 'unsafe-inline', ADR 0008) blocks. Classes, or SVG attributes for data.
    files: ['{shell,mfe-community,mfe-review,mfe-account,libs}/**/*.tsx'],
    ignores: ['**/*.spec.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='style']",
          message:
            'No style prop: the CSP blocks style attributes in server-rendered HTML (ADR 0008). Use a class, or SVG attributes for data.',
        },
      ],
    },
  },
  {
    // NestJS injects constructor parameters by their runtime type: those imports must stay value imports.
    files: ['services/**/*.ts', 'libs/server-kit/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // Integration tests call the services through the contract-checked helper (request / checkedFetch
    // of @pupitre/server-kit/testing), never supertest directly: every answer is parsed by its schema.
    files: ['**/*.int.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'supertest',
              message: 'Use `request` from @pupitre/server-kit/testing: it checks every answer against the contract.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
