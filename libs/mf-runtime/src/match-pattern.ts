// A page path pattern (`/teacher/:id`) against a concrete pathname, and the page's first reads
// with its values in place: the shell's route table, the composer and the renderers use these
// (small, and no router).
import type { RouteDeclaration, RouteRead } from '@pupitre/contracts';

export type Params = Record<string, string>;

/** Matches a concrete pathname (trailing slash tolerated) against a pattern with `:name` segments. */
export function matchPattern(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(have[i]!);
      } catch {
        return null;
      }
    } else if (segment !== have[i]) return null;
  }
  return params;
}

const SAFE_VALUE = /^[A-Za-z0-9._~-]{1,64}$/;

/** The route's first reads with the path's values in place; a read whose value looks wrong is skipped. */
export function routeReads(route: RouteDeclaration, params: Params): RouteRead[] {
  return (route.reads ?? []).flatMap((read) => {
    let ok = true;
    const path = read.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_all, name: string) => {
      const value = params[name];
      if (value === undefined || !SAFE_VALUE.test(value)) ok = false;
      return encodeURIComponent(value ?? '');
    });
    return ok ? [{ path, auth: read.auth }] : [];
  });
}
