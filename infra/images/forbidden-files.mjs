// What must never be in a final image: the build machine's certificates, npm configuration or
// credentials, and (besides) build tools. Pure functions over an image's file list, so that they
// are tested on their own (forbidden-files.spec.ts); quality.mjs feeds them the real files.

/** Paths that are a problem wherever they are found, and why. */
export const FORBIDDEN = [
  [/(^|\/)\.npmrc$/, 'an npm configuration (.npmrc)'],
  [/^\/(root|home\/[^/]+)\/\.npm\//, "npm's cache or logs"],
  [/(^|\/)\.(yarnrc|yarnrc\.yml|netrc|git-credentials|pypirc|pgpass)$/, 'a credential or tool configuration'],
  [/(^|\/)\.docker\/config\.json$|(^|\/)containers\/(\d+\/)?auth\.json$/, 'a container registry credential'],
  [/(^|\/)\.ssh\/./, 'SSH keys or configuration'],
  [/(^|\/)id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$/, 'an SSH key'],
  [/^\/usr\/local\/share\/ca-certificates\/./, 'a certificate authority added by hand (the build machine’s?)'],
  [/^\/mnt\/./, "something under /mnt (where the builds' CA is lent to npm)"],
  [/^\/run\/pupitre-build-ca\.crt$/, "the build's CA mount"],
  [/^\/etc\/apt\/auth\.conf(\.d\/.+)?$/, 'apt credentials'],
  [/(^|\/)\.env(\.(?!example$)[^/]+)?$/, 'an environment file'],
  [/(^|\/)\.git\//, 'a git repository'],
];

/** Where certificate-like files are expected (the system's trust store, packages' own test fixtures). */
const CERT_PLACES = [/^\/etc\/ssl\/certs\//, /^\/usr\/share\/ca-certificates\//, /^\/usr\/lib\/ssl\//, /\/node_modules\//];
const CERT_FILE = /\.(pem|key|p12|pfx|crt|cer|der)$/i;

/**
 * The forbidden entries among `files` (absolute paths in the image): [{ path, why }].
 */
export function forbiddenFiles(files) {
  const found = [];
  for (const file of files) {
    const rule = FORBIDDEN.find(([pattern]) => pattern.test(file));
    if (rule) found.push({ path: file, why: rule[1] });
    else if (CERT_FILE.test(file) && !CERT_PLACES.some((p) => p.test(file))) found.push({ path: file, why: 'a certificate or key file' });
  }
  return found;
}

/** Build tools: never in a final image (they stay in the build stages). */
export const BUILD_PACKAGES = [
  /^typescript$/,
  /^@rspack\//,
  /^@swc\//,
  /^nx$/,
  /^@nx\//,
  /^jest(-.*)?$/,
  /^@jest\//,
  /^eslint(-.*)?$/,
  /^prettier$/,
  /^@playwright\//,
  /^playwright(-core)?$/,
  /^lighthouse$/,
  /^ts-node$/,
  /^webpack(-cli)?$/,
];
const BUILD_BINARIES = ['gcc', 'cc', 'g++', 'c++', 'make', 'git', 'python3', 'go', 'rustc'];

/** The build tools among `files`: packages in any node_modules, and compilers or git on the PATH. */
export function buildTools(files) {
  const found = new Set();
  for (const file of files) {
    const m = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(file);
    if (m && !m[1].includes('/node_modules/') && BUILD_PACKAGES.some((p) => p.test(m[1]))) found.add(`${m[1]} (${file})`);
    const bin = /^\/(?:usr\/)?(?:local\/)?bin\/([^/]+)$/.exec(file);
    if (bin && BUILD_BINARIES.includes(bin[1])) found.add(`${bin[1]} (${file})`);
  }
  return [...found];
}

/**
 * PEM certificates (their base64 bodies) found in a text: used to look for the build machine's own
 * CAs inside an image's files, whatever their names.
 */
export function pemBodies(text) {
  const out = [];
  const re = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1].replace(/\s+/g, ''));
  return out;
}
