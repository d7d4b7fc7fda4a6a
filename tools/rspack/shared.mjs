// The Module Federation `shared` block every front end uses. One list, singletons only, with
// versions taken from package.json files (never typed here): `version` is what is installed (the
// workspace has one node_modules, so one version), `requiredVersion` is what the app's package.json
// declares. A drift between the two fails the build instead of shipping two Reacts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'i18next',
  'react-i18next',
  '@pupitre/i18n',
  '@pupitre/session',
  '@pupitre/api-client',
  '@pupitre/ui',
];

/** The import name of the generated map { request: module } of every shared singleton (types/shared-modules.d.ts). */
export const SHARED_MODULES_REQUEST = '@pupitre-generated/shared-modules';

/**
 * The source of that map, generated from SHARED_SINGLETONS (the one list): one static import per
 * singleton, so each entry is the very module instance the shell runs.
 */
export function sharedModulesSource(requests = SHARED_SINGLETONS) {
  const imports = requests.map((request, i) => `import * as m${i} from ${JSON.stringify(request)};`);
  const entries = requests.map((request, i) => `  ${JSON.stringify(request)}: m${i},`);
  return `${imports.join('\n')}\nexport default {\n${entries.join('\n')}\n};\n`;
}

/** `react/jsx-runtime` → `react`, `@scope/pkg/sub` → `@scope/pkg`. */
export function packageOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function installedVersion(appDir, pkg) {
  const require = createRequire(path.join(appDir, 'package.json'));
  // Workspace libraries resolve through their node_modules symlink to libs/<name>/package.json.
  return readJson(require.resolve(`${pkg}/package.json`)).version;
}

export const SLIM_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'slim');

/**
 * Packages provided to the share scope as a curated re-export (tools/rspack/slim/<pkg>.mjs) so the
 * bundle only carries what the front ends use; the re-export reaches the real package through the
 * alias `@pupitre-full/<pkg>` (see `slimAliases`).
 */
export const SLIM_SHARED = ['react-router', 'react-i18next'];

/** resolve.alias entries for the slim re-exports: the real package's browser ESM build. */
export function slimAliases(appDir, production) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const dir = (pkg) => path.dirname(require.resolve(`${pkg}/package.json`));
  return {
    '@pupitre-full/react-router$': path.join(dir('react-router'), 'dist', production ? 'production' : 'development', 'index.js'),
    '@pupitre-full/react-i18next$': path.join(dir('react-i18next'), 'dist', 'es', 'index.js'),
  };
}

/**
 * Test builds only (version-skew journeys): `MF_SHARED_REQUIRED='{"react":"^20.0.0"}'` changes the
 * range a build asks of the host, `MF_SHARED_VERSION='{"@pupitre/ui":"0.1.1"}'` the version it
 * announces.
 */
function envJson(name, env) {
  if (!env[name]) return {};
  try {
    return JSON.parse(env[name]);
  } catch {
    throw new Error(`${name} must be a JSON object { request: version }, got ${env[name]}`);
  }
}

/** @param {string} appDir absolute directory of the app (holds its package.json) */
export function sharedConfig(appDir, env = process.env) {
  const overrides = envJson('MF_SHARED_REQUIRED', env);
  const versionOverrides = envJson('MF_SHARED_VERSION', env);
  const appPkg = readJson(path.join(appDir, 'package.json'));
  const declared = { ...appPkg.peerDependencies, ...appPkg.dependencies };
  const shared = {};
  for (const request of SHARED_SINGLETONS) {
    const pkg = packageOf(request);
    const requiredVersion = declared[pkg];
    if (!requiredVersion) {
      throw new Error(`${appPkg.name}: shared singleton "${pkg}" must be listed in its package.json dependencies`);
    }
    const version = installedVersion(appDir, pkg);
    if (/^\d+\.\d+\.\d+/.test(requiredVersion) && requiredVersion !== version) {
      throw new Error(`${appPkg.name}: declares ${pkg}@${requiredVersion} but ${version} is installed (shared version drift)`);
    }
    // A remote accepts the host's copy within the same major (caret range): a shell released later
    // with a newer minor serves older remotes; another major refuses to load (strictVersion), and
    // the shell shows that section's "unavailable" panel with the reason logged.
    const range = overrides[request] ?? (/^\d+\.\d+\.\d+/.test(requiredVersion) ? `^${requiredVersion}` : requiredVersion);
    shared[request] = { singleton: true, requiredVersion: range, version: versionOverrides[request] ?? version, strictVersion: true };
    if (SLIM_SHARED.includes(request)) shared[request].import = path.join(SLIM_DIR, `${request}.mjs`);
  }
  return shared;
}
