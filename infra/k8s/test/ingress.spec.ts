// The Ingress routes exactly as the local gateway does: same paths to the same apps, `exact` routes
// as pathType Exact (they win), the others as Prefix (whole path segments, longest wins, like
// infra/local/lib/routes.mjs), no rewriting.
import { loadRoutes, matchRoute } from '../../local/lib/routes.mjs';
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
type Ingress = { metadata: { annotations?: Record<string, string> }; spec: { rules: { host: string; http: { paths: Path[] } }[] } };

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
const ingresses = new Map<string, Ingress>();
const renderedObjects = new Map<string, ReturnType<typeof renderVariant>>();
let ws: ReturnType<typeof makeWorkspace>;

beforeAll(() => {
  const tool = ensureKustomize();
  ws = makeWorkspace();
  for (const v of variants().filter((v) => v.components.length === 0)) {
    const objects = renderVariant(ws, v, tool);
    renderedObjects.set(v.name, objects);
    ingresses.set(v.name, find(objects, 'Ingress', 'pupitre'));
  }
}, 300_000);
afterAll(() => ws?.cleanup());

describe.each(['dev', 'prod', 'prod-managed'])('Ingress of %s', (overlay) => {
  const paths = () => ingresses.get(overlay)!.spec.rules.flatMap((r) => r.http.paths);

  it('has one rule whose paths equal infra/routes.json', () => {
    expect(ingresses.get(overlay)!.spec.rules).toHaveLength(1);
    const order = (a: { path: string; pathType: string }, b: { path: string; pathType: string }) =>
      a.path.localeCompare(b.path) || a.pathType.localeCompare(b.pathType);
    const fromIngress = paths().map((p) => ({ path: p.path, pathType: p.pathType, service: p.backend.service.name })).sort(order);
    const fromGateway = routes
      .map((r: { prefix: string; target: string; exact?: boolean }) => ({ path: r.prefix, pathType: r.exact ? 'Exact' : 'Prefix', service: SERVICE_OF_TARGET[r.target] }))
      .sort(order);
    expect(fromIngress).toEqual(fromGateway);
  });

  it('uses only Exact and Prefix matching, on the Services’ http port, and never rewrites paths', () => {
    for (const p of paths()) {
      expect(['Exact', 'Prefix']).toContain(p.pathType);
      expect(p.backend.service.port).toEqual({ name: 'http' });
    }
    const annotations = Object.keys(ingresses.get(overlay)!.metadata.annotations ?? {});
    expect(annotations.filter((a) => /rewrite|app-root|use-regex/.test(a))).toEqual([]);
  });

  it('leaves X-Forwarded-For to the controller (no snippet or forwarded-header annotation), and auth believes exactly that one hop', () => {
    const annotations = Object.entries(ingresses.get(overlay)!.metadata.annotations ?? {});
    expect(annotations.filter(([k, v]) => /snippet|forwarded|real-ip/i.test(k) || /forwarded|real_ip/i.test(v))).toEqual([]);
    const config = find(renderedObjects.get(overlay)!, 'ConfigMap', 'auth-config') as { data: Record<string, string> } | undefined;
    expect(config?.data.TRUST_PROXY).toBe('1');
  });

  it.each([
    '/', '/communaute', '/teacher/42', '/remotes.json', '/apiary', '/authx',
    '/auth', '/auth/', '/auth/login', '/auth/google/callback', '/auth/token/', '/auth/meX', '/auth/manage/users/me/',
    '/auth/me', '/auth/me/', '/auth/me/favorites', '/api', '/api/teachers/ranking',
    '/mfe/community/mf-manifest.json', '/mfe/review/remoteEntry.js', '/mfe/account/x.js', '/mfe/reviewer', '/mfe',
  ])('sends %s where the gateway sends it', (requestPath) => {
    expect(ingressMatch(paths(), requestPath)).toBe(SERVICE_OF_TARGET[matchRoute(routes, requestPath)!.target]);
  });
});
