import { parseAllDocuments } from 'yaml';
import { ROOT } from './paths.mjs';
import { HEADER_CONFIGMAPS, expectedFiles, ingressHeaderConfigMaps, nginxInclude, staleFiles } from './security-configs.mjs';
import { loadSecurityPolicy, pageHeaders, serviceHeaders } from './security-headers.mjs';

const policy = loadSecurityPolicy();

it('the committed nginx includes (headers, the shell’s pages) and Ingress header ConfigMaps are what the policy and edge-config.mjs give (else: node infra/local/lib/security-configs.mjs --write)', () => {
  const files = expectedFiles(policy).map(({ file }) => file.slice(ROOT.length + 1));
  expect(files).toEqual([
    'infra/docker/nginx/security-headers.conf',
    'infra/docker/nginx/shell-pages.conf',
    'infra/k8s/base/shell/shell-pages.conf',
    'infra/k8s/overlays/dev/security-headers.yaml',
    'infra/k8s/overlays/prod/security-headers.yaml',
  ]);
  expect(staleFiles()).toEqual([]);
});

it('nginx: every header of the pages’ policy, on every status, no remote origin', () => {
  const lines = nginxInclude(policy)
    .split('\n')
    .filter((l) => l && !l.startsWith('#'));
  expect(lines).toEqual(Object.entries(pageHeaders(policy)).map(([name, value]) => `add_header ${name} "${value}" always;`));
});

it('Ingress: the pages’ headers allow the overlay’s remote origins; the services’ are never stored', () => {
  const remotes = { community: '/mfe/community/mf-manifest.json', review: 'https://cdn.example.org/review/mf-manifest.json?v=2' };
  const docs = parseAllDocuments(ingressHeaderConfigMaps(policy, remotes)).map((d) => d.toJS());
  expect(docs).toEqual([
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: HEADER_CONFIGMAPS.pages }, data: pageHeaders(policy, remotes) },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: HEADER_CONFIGMAPS.services }, data: serviceHeaders(policy) },
  ]);
  expect(docs[0].data['Content-Security-Policy']).toContain("script-src 'self' https://cdn.example.org;");
  expect(docs[1].data['Cache-Control']).toBe('no-store');
});
