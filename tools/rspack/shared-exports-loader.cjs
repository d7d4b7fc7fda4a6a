// Build-time check of what a front end imports from a shared singleton that the shell provides as a
// curated re-export (tools/rspack/slim/<pkg>.mjs). In a remote, such an import becomes a
// federation "consume" whose exports the bundler cannot see: a name missing from the re-export
// would be `undefined` at run time. This loader fails the build instead, naming the file to change.
const fs = require('node:fs');
const path = require('node:path');

const SLIM_DIR = path.join(__dirname, 'slim');
const slimExports = new Map(); // package → Set of exported names (read once per build)

function exportsOf(pkg) {
  if (!slimExports.has(pkg)) {
    const text = fs.readFileSync(path.join(SLIM_DIR, `${pkg}.mjs`), 'utf8').replace(/\/\/.*$/gm, '');
    const names = [...text.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) =>
      m[1].split(',').map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop(),
      ),
    );
    slimExports.set(pkg, new Set(names.filter(Boolean)));
  }
  return slimExports.get(pkg);
}

/** Names imported by value from `pkg` in `source` (type-only imports are erased and not checked). */
function importedNames(source, pkg) {
  const re = new RegExp(`import\\s+(type\\s+)?(?:[\\w$]+\\s*,\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${pkg.replace('/', '\\/')}['"]`, 'g');
  return [...source.matchAll(re)]
    .filter((m) => !m[1])
    .flatMap((m) => m[2].split(','))
    .map((n) => n.trim())
    .filter((n) => n && !n.startsWith('type '))
    .map((n) => n.split(/\s+as\s+/)[0]);
}

function missingSharedExports(source, packages) {
  return packages.flatMap((pkg) =>
    importedNames(source, pkg)
      .filter((name) => !exportsOf(pkg).has(name))
      .map((name) => ({ pkg, name })),
  );
}

module.exports = function sharedExportsLoader(source) {
  const { packages } = this.getOptions();
  for (const { pkg, name } of missingSharedExports(source, packages)) {
    this.emitError(
      new Error(
        `${path.relative(process.cwd(), this.resourcePath)} imports "${name}" from "${pkg}", which the shell does not provide ` +
          `(shared singleton, curated in tools/rspack/slim/${pkg}.mjs). Add "${name}" there, then release the shell before this ` +
          `micro-frontend (docs/teams.md, "A shared dependency").`,
      ),
    );
  }
  return source;
};
module.exports.missingSharedExports = missingSharedExports;
