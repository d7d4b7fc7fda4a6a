// A remote importing an export of a shared singleton that the shell does not provide fails its build
// with a message naming the file to change; type-only imports and provided names pass.
import { missingSharedExports } from './shared-exports-loader.cjs';
import { SHARED_SINGLETONS, sharedModulesSource } from './shared.mjs';

const PACKAGES = ['react-router', 'react-i18next'];

test('names the exports the curated re-export lacks', () => {
  const source = "import { Link, useBlocker as block } from 'react-router';\nimport { Trans } from 'react-i18next';\n";
  expect(missingSharedExports(source, PACKAGES)).toEqual([
    { pkg: 'react-router', name: 'useBlocker' },
    { pkg: 'react-i18next', name: 'Trans' },
  ]);
});

test('type-only imports and provided exports pass', () => {
  const source =
    "import type { Location } from 'react-router';\nimport { type NavigateFunction, useNavigate } from 'react-router';\nimport { useTranslation } from 'react-i18next';\n";
  expect(missingSharedExports(source, PACKAGES)).toEqual([]);
});

test("the shell's shared-module map is generated from the one list of singletons", () => {
  const source = sharedModulesSource();
  for (const request of SHARED_SINGLETONS) expect(source).toContain(`from ${JSON.stringify(request)};`);
  expect(source.match(/^import \* as/gm)).toHaveLength(SHARED_SINGLETONS.length);
});
