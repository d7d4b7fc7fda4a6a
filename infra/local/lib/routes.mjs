// Reads and applies infra/routes.json, the one routing table shared by the local edge (edge-config.mjs) and the
// Kubernetes Ingress.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

export function loadRoutes(file = path.join(ROOT, 'infra/routes.json')) {
  const { routes } = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const r of routes) {
    if (typeof r.prefix !== 'string' || !r.prefix.startsWith('/') || typeof r.target !== 'string') {
      throw new Error(`invalid route in ${file}: ${JSON.stringify(r)}`);
    }
  }
  // Exact routes first, then the longest prefix, so /auth/me wins over /auth.
  return [...routes].sort((a, b) => Number(Boolean(b.exact)) - Number(Boolean(a.exact)) || b.prefix.length - a.prefix.length);
}

/**
 * The route for a request path, as a Kubernetes Ingress picks it: an exact route equal to it
 * (pathType Exact), else the longest prefix equal to the path or to one of its parent segments
 * (pathType Prefix: a trailing slash in the prefix is ignored).
 */
export function matchRoute(routes, pathname) {
  for (const r of routes) {
    const p = r.prefix.replace(/\/+$/, '');
    if (r.exact) {
      if (pathname === r.prefix) return r;
      continue;
    }
    if (p === '' || pathname === p || pathname.startsWith(`${p}/`)) return r;
  }
  return null;
}
