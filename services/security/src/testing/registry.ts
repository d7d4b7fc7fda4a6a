// The endpoints the suite probes, read from the contract registry (libs/contracts/src/endpoints.ts),
// never listed by hand: a new endpoint is probed as soon as it is declared.
import { accessErrorSchema, type Endpoint, ENDPOINTS, PROBE_ENDPOINTS } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { loadRoutes, matchRoute } from '../../../../infra/local/lib/routes.mjs';

export const label = (e: Endpoint): string => `${e.method} ${e.path}`;
/** Endpoints that take an access token: their 401 is simplejwt's (not the login's or the refresh's). */
export const needsToken = (e: Endpoint): boolean => (e.responses[401] ?? e.also[401]) === accessErrorSchema;
/** Moderation and catalogue administration: the `admin` role only. */
export const adminOnly = (e: Endpoint): boolean => /^\/api\/(admin|moderation)\//.test(e.path);
/** The liveness, readiness and metrics probes every process answers on its own port (not through the edge). */
export const isProbe = (e: Endpoint): boolean => PROBE_ENDPOINTS.includes(e);

const ROUTES = loadRoutes();
/** The service the edge (and the Ingress) sends the endpoint's path to: `auth` or `rating`. */
export const serviceOf = (e: Endpoint): string => matchRoute(ROUTES, e.path.replace(/:[a-z]+/g, '1'))?.target;

export const SERVICE_ENDPOINTS = ENDPOINTS.filter((e) => !isProbe(e));
export const WITH_PATH_PARAMS = ENDPOINTS.filter((e) => e.path.includes('/:'));
export const BEARER_ENDPOINTS = ENDPOINTS.filter(needsToken);
export const ADMIN_ENDPOINTS = ENDPOINTS.filter(adminOnly);
export const READS = ENDPOINTS.filter((e) => e.method === 'GET');
export const WRITES = ENDPOINTS.filter((e) => e.method !== 'GET');

/** The endpoint's path with every `:param` replaced by `value` (already URL-encoded). */
export const pathWith = (e: Endpoint, value: string | number): string => e.path.replace(/:[a-z]+/g, String(value));

/** Real ids of the world, one per kind of resource. */
export interface Fixtures {
  review: number;
  teacher: number;
  subject: number;
}

/** A path to an existing resource: creation is `POST /api/rating/0`, the rest by what the path names. */
export function realPath(e: Endpoint, fx: Fixtures): string {
  if (e.method === 'POST' && e.path === '/api/rating/:id') return pathWith(e, 0);
  if (/\/teachers?\/:/.test(e.path)) return pathWith(e, fx.teacher);
  if (/\/subjects\/:/.test(e.path)) return pathWith(e, fx.subject);
  return pathWith(e, fx.review);
}

/** What a service publishes about each of its operations in its OpenAPI document. */
export interface Operation {
  readsBody: boolean;
  query: string[];
}

type OpenApi = { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { in: string; name: string }[] }>> };
const normal = (path: string) => path.replace(/\{([a-z]+)\}/gi, ':$1').replace(/\/+$/, '');

/** Reads both services' OpenAPI documents (through the edge, contract-checked): what each endpoint reads. */
export async function operations(url: string): Promise<(e: Endpoint) => Operation | undefined> {
  const docs = await Promise.all(
    ['/auth/docs/openapi.json', '/api/docs/openapi.json'].map(async (p) => (await request(url).get(p).expect(200)).body as OpenApi),
  );
  const known = new Map<string, Operation>();
  for (const doc of docs) {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        known.set(`${method.toUpperCase()} ${normal(path)}`, { readsBody: op.requestBody !== undefined, query });
      }
    }
  }
  return (e) => known.get(`${e.method} ${normal(e.path)}`);
}
