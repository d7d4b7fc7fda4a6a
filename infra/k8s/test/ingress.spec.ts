// The Ingresses route exactly as the local gateway does: same paths to the same apps, `exact` routes
// as pathType Exact (they win), the others as Prefix (whole path segments, longest wins, like
// infra/local/lib/routes.mjs), no rewriting. They set the security headers of
// infra/security-headers.json as the gateway does: the pages' policy (allowing the origins of the
// rendered remotes file) on the front ends' answers, the services' policy (never stored) on theirs.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../local/lib/paths.mjs';
import { loadRoutes, matchRoute } from '../../local/lib/routes.mjs';
import { isServiceTarget, loadSecurityPolicy, pageHeaders, serviceHeaders } from '../../local/lib/security-headers.mjs';
import { ensureKustomize } from './kustomize.mjs';
import { find, makeWorkspace, renderVariant, variants } from './render.mjs';

/** Gateway targets (infra/routes.json) → Kubernetes Services. */
const SERVICE_OF_TARGET: Record<string, string> = {
  auth: 'auth',
  rating: 'rating-api',
  shell: 'shell',
  'mfe-community': 'mfe-community',
  'mfe-review': 'mfe-review',
  'mfe-account': 'mfe-account',
};

type Path = { path: string; pathType: string; backend: { service: { name: string; port: { name?: string; number?: number } } } };
type Ingress = {
  metadata: { name: string; namespace?: string; annotations?: Record<string, string> };
  spec: { rules: { host: string; http: { paths: Path[] } }[]; tls?: { hosts: string[]; secretName: string }[] };
};
type Rendered = { kind: string; metadata: { name: string; namespace?: string }; data?: Record<string, string> };

/**
 * Kubernetes Ingress matching: an `Exact` path equal to the request wins; else `Prefix` matching,
 * element-wise on '/'-separated segments, the longest path wins.
 */
function ingressMatch(paths: Path[], requestPath: string): string | undefined {
  const exact = paths.find((p) => p.pathType === 'Exact' && p.path === requestPath);
  if (exact) return exact.backend.service.name;
  const segments = (p: string) => p.split('/').filter(Boolean);
  const req = segments(requestPath);
  const matching = paths.filter((p) => {
    if (p.pathType !== 'Prefix') return false;
    const s = segments(p.path);
    return s.every((seg, i) => req[i] === seg);
  });
  matching.sort((a, b) => b.path.length - a.path.length);
  return matching[0]?.backend.service.name;
}

const routes = loadRoutes();
const policy = loadSecurityPolicy();
const renders = new Map<string, Rendered[]>();
let ws: ReturnType<typeof makeWorkspace>;

beforeAll(() => {
  const tool = ensureKustomize();
  ws = makeWorkspace();
  for (const v of variants().filter((v) => v.components.length === 0)) renders.set(v.name, renderVariant(ws, v, tool));
}, 300_000);
afterAll(() => ws?.cleanup());

const ingressesOf = (overlay: string) => renders.get(overlay)!.filter((o) => o.kind === 'Ingress') as unknown as Ingress[];

describe.each(['dev', 'prod', 'prod-managed'])('Ingress of %s', (overlay) => {
  const paths = () => ingressesOf(overlay).flatMap((i) => i.spec.rules.flatMap((r) => r.http.paths));

  it('has Ingresses of one rule for one host whose paths together equal infra/routes.json', () => {
    expect(
      ingressesOf(overlay)
        .map((i) => i.metadata.name)
        .sort(),
    ).toEqual(['pupitre', 'pupitre-services']);
    for (const i of ingressesOf(overlay)) expect(i.spec.rules).toHaveLength(1);
    expect(new Set(ingressesOf(overlay).map((i) => i.spec.rules[0].host)).size).toBe(1);
    const order = (a: { path: string; pathType: string }, b: { path: string; pathType: string }) =>
      a.path.localeCompare(b.path) || a.pathType.localeCompare(b.pathType);
    const fromIngress = paths()
      .map((p) => ({ path: p.path, pathType: p.pathType, service: p.backend.service.name }))
      .sort(order);
    const fromGateway = routes
      .map((r: { prefix: string; target: string; exact?: boolean }) => ({
        path: r.prefix,
        pathType: r.exact ? 'Exact' : 'Prefix',
        service: SERVICE_OF_TARGET[r.target],
      }))
      .sort(order);
    expect(fromIngress).toEqual(fromGateway);
  });

  it('uses only Exact and Prefix matching, on the Services’ http port, and never rewrites paths', () => {
    for (const p of paths()) {
      expect(['Exact', 'Prefix']).toContain(p.pathType);
      expect(p.backend.service.port).toEqual({ name: 'http' });
    }
    const annotations = ingressesOf(overlay).flatMap((i) => Object.keys(i.metadata.annotations ?? {}));
    expect(annotations.filter((a) => /rewrite|app-root|use-regex/.test(a))).toEqual([]);
  });

  it('leaves X-Forwarded-For to the controller (no snippet or forwarded-header annotation), and auth believes exactly that one hop', () => {
    for (const ingress of ingressesOf(overlay)) {
      const annotations = Object.entries(ingress.metadata.annotations ?? {});
      expect(annotations.filter(([k, v]) => /snippet|forwarded|real-ip/i.test(k) || /forwarded|real_ip/i.test(v))).toEqual([]);
    }
    const config = find(renders.get(overlay)!, 'ConfigMap', 'auth-config') as { data: Record<string, string> } | undefined;
    expect(config?.data.TRUST_PROXY).toBe('1');
  });

  it.each([
    '/',
    '/communaute',
    '/teacher/42',
    '/remotes.json',
    '/apiary',
    '/authx',
    '/auth',
    '/auth/',
    '/auth/login',
    '/auth/google/callback',
    '/auth/token/',
    '/auth/meX',
    '/auth/manage/users/me/',
    '/auth/me',
    '/auth/me/',
    '/auth/me/favorites',
    '/api',
    '/api/teachers/ranking',
    '/mfe/community/mf-manifest.json',
    '/mfe/review/remoteEntry.js',
    '/mfe/account/x.js',
    '/mfe/reviewer',
    '/mfe',
  ])('sends %s where the gateway sends it', (requestPath) => {
    expect(ingressMatch(paths(), requestPath)).toBe(SERVICE_OF_TARGET[matchRoute(routes, requestPath)!.target]);
  });

  it('sets the pages’ headers on the front ends’ answers and the services’ (never stored) on theirs, without snippets', () => {
    const objects = renders.get(overlay)!;
    const remotes = JSON.parse(find(objects, 'ConfigMap', 'shell-remotes')!.data!['remotes.json']);
    const expected = { pupitre: pageHeaders(policy, remotes), 'pupitre-services': serviceHeaders(policy) } as Record<
      string,
      Record<string, string>
    >;
    for (const ingress of ingressesOf(overlay)) {
      const annotations = ingress.metadata.annotations ?? {};
      expect(Object.keys(annotations).filter((a) => /snippet/.test(a))).toEqual([]);
      // ingress-nginx reads the ConfigMap <namespace>/<name>, in the Ingress' own namespace.
      const [namespace, name] = annotations['nginx.ingress.kubernetes.io/custom-headers'].split('/');
      expect(namespace).toBe(ingress.metadata.namespace);
      const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name && o.metadata.namespace === namespace);
      expect([ingress.metadata.name, configMap?.data]).toEqual([ingress.metadata.name, expected[ingress.metadata.name]]);
      // What the controller accepts (else it answers 503); no `$`, which nginx would read as a variable.
      for (const [header, value] of Object.entries(configMap!.data!)) {
        expect([header, value]).toEqual([
          expect.stringMatching(/^[a-zA-Z\d\-_]+$/),
          expect.stringMatching(/^[a-zA-Z\d_ :;.,\\/"'?!(){}[\]@<>=\-+*#&`|~^%]+$/),
        ]);
      }
    }
    // Each Ingress holds only its kind of target: the services' paths are the services'.
    const targetOf = Object.fromEntries(Object.entries(SERVICE_OF_TARGET).map(([target, service]) => [service, target]));
    for (const ingress of ingressesOf(overlay)) {
      for (const p of ingress.spec.rules[0].http.paths) {
        expect([p.path, isServiceTarget(policy, targetOf[p.backend.service.name])]).toEqual([
          p.path,
          ingress.metadata.name === 'pupitre-services',
        ]);
      }
    }
  });

  it('keeps no access log: a line would pair a client address with /api/rating/<id> or /review/<id>/edit, at the second', () => {
    for (const ingress of ingressesOf(overlay))
      expect([ingress.metadata.name, ingress.metadata.annotations?.['nginx.ingress.kubernetes.io/enable-access-log']]).toEqual([
        ingress.metadata.name,
        'false',
      ]);
  });

  it('serves both Ingresses over the same TLS certificate in production, requested once', () => {
    const ingresses = ingressesOf(overlay);
    if (overlay === 'dev') return expect(ingresses.map((i) => i.spec.tls)).toEqual([undefined, undefined]);
    expect(ingresses.map((i) => i.spec.tls)).toEqual(ingresses.map(() => [{ hosts: ['pupitre.example.org'], secretName: 'pupitre-tls' }]));
    expect(ingresses.filter((i) => i.metadata.annotations?.['cert-manager.io/cluster-issuer']).map((i) => i.metadata.name)).toEqual([
      'pupitre',
    ]);
  });
});

it('documents every header the Ingresses set for the controller’s global-allowed-response-headers', () => {
  const names = [...new Set(Object.keys({ ...pageHeaders(policy), ...serviceHeaders(policy) }))].sort();
  const readme = fs.readFileSync(path.join(ROOT, 'infra/README.md'), 'utf8');
  expect(readme).toContain(`global-allowed-response-headers: "${names.join(',')}"`);
});
