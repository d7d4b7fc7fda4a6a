// The configurations generated from infra/security-headers.json (the one policy, ADR 0008):
//   - infra/docker/nginx/security-headers.conf: the nginx include of the static images (the pages'
//     policy, no remote origin: the Ingress in front replaces it with the deployment's);
//   - infra/docker/nginx/shell-pages.conf: the shell image's client routes without a composer, and
//     infra/k8s/base/shell/shell-pages.conf: with the composer (edge-config.mjs shellPages:
//     production's composer fallback, which an Ingress cannot express), the ConfigMap shell-pages
//     the shell's Deployment mounts over the image's file;
//   - infra/k8s/overlays/<overlay>/security-headers.yaml: the ConfigMaps whose entries the Ingress
//     controller sets on every answer (ingress-nginx `custom-headers`), the pages' policy allowing
//     the origins of that overlay's remotes.json (the shell-remotes ConfigMap).
//
//   node infra/local/lib/security-configs.mjs           lists the stale files (exit 1 if any)
//   node infra/local/lib/security-configs.mjs --write   rewrites them
// Run it after changing the policy, or after pointing a remote of an overlay at another origin.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { ROOT } from './paths.mjs';
import { CLUSTER_COMPOSER, shellPages } from './edge-config.mjs';
import { loadSecurityPolicy, pageHeaders, serviceHeaders } from './security-headers.mjs';

export const NGINX_INCLUDE = path.join(ROOT, 'infra/docker/nginx/security-headers.conf');
export const SHELL_PAGES = path.join(ROOT, 'infra/docker/nginx/shell-pages.conf');
export const SHELL_PAGES_COMPOSER = path.join(ROOT, 'infra/k8s/base/shell/shell-pages.conf');
export const OVERLAYS_DIR = path.join(ROOT, 'infra/k8s/overlays');
/** The ConfigMaps named by the Ingresses' `nginx.ingress.kubernetes.io/custom-headers`. */
export const HEADER_CONFIGMAPS = { pages: 'security-headers-pages', services: 'security-headers-services' };

const GENERATED = (what) =>
  `# Generated from infra/security-headers.json${what} by\n# \`node infra/local/lib/security-configs.mjs --write\`: do not edit.\n`;

/** The nginx include: one `add_header … always` per header (errors included). */
export function nginxInclude(policy) {
  const lines = Object.entries(pageHeaders(policy)).map(([name, value]) => `add_header ${name} "${value}" always;`);
  return `${GENERATED('')}# Included in every location: nginx drops the server's add_header where a location has its own.\n${lines.join('\n')}\n`;
}

/** The header ConfigMaps of an overlay whose remotes file is `remotes`. */
export function ingressHeaderConfigMaps(policy, remotes) {
  const configMap = (name, data) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
  const docs = [
    configMap(HEADER_CONFIGMAPS.pages, pageHeaders(policy, remotes)),
    configMap(HEADER_CONFIGMAPS.services, serviceHeaders(policy)),
  ];
  const head = `${GENERATED(" and this overlay's remotes.json")}# The answers' headers the Ingress controller sets (ingress-nginx custom-headers; the names must be in\n# the controller's global-allowed-response-headers, see infra/README.md).\n`;
  return head + docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n');
}

/** Every generated file and its expected text. */
export function expectedFiles(policy = loadSecurityPolicy()) {
  const files = [
    { file: NGINX_INCLUDE, text: nginxInclude(policy) },
    { file: SHELL_PAGES, text: shellPages() },
    { file: SHELL_PAGES_COMPOSER, text: shellPages({ composer: CLUSTER_COMPOSER }) },
  ];
  for (const overlay of fs.readdirSync(OVERLAYS_DIR).sort()) {
    const remotesFile = path.join(OVERLAYS_DIR, overlay, 'remotes.json');
    if (!fs.existsSync(remotesFile)) continue; // it inherits its base overlay's
    const remotes = JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
    files.push({ file: path.join(OVERLAYS_DIR, overlay, 'security-headers.yaml'), text: ingressHeaderConfigMaps(policy, remotes) });
  }
  return files;
}

/** The generated files whose content is not what the policy gives (relative paths). */
export function staleFiles(files = expectedFiles()) {
  return files
    .filter(({ file, text }) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text)
    .map(({ file }) => path.relative(ROOT, file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = expectedFiles();
  const stale = staleFiles(files);
  if (process.argv.includes('--write')) {
    for (const { file, text } of files) fs.writeFileSync(file, text);
    console.log(stale.length ? `rewritten: ${stale.join(', ')}` : 'up to date');
  } else if (stale.length) {
    console.error(`stale (run node infra/local/lib/security-configs.mjs --write): ${stale.join(', ')}`);
    process.exitCode = 1;
  } else console.log('up to date');
}
