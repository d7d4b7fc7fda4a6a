// The GETs a remote route's screen sends as it first renders, by path pattern of the ownership
// table. The shell starts them at start-up (or when the route is entered), beside the remote's own
// code, and shows the screen once both are in: the screen's first render has its data (the request
// helper hands it the answer, `@pupitre/api-client`'s prefetch), so nothing moves below it and no
// round trip waits for the remote's code. A screen that changes what it reads first changes its
// line here (routes.spec of each remote checks its screens against this table).
import { ROUTE_OWNERSHIP, type RemoteName, type RemotePath } from './route-ownership';

export interface RouteRead {
  /** Path and query, exactly as the screen asks for it. */
  path: string;
  /** Whether the session's token goes with it (the request helper's `auth` option). */
  auth: boolean;
}

type Params = Record<string, string>;
const positiveId = (value: string | undefined): value is string => value !== undefined && /^[1-9]\d{0,15}$/.test(value);

export const ROUTE_READS: Partial<Record<RemotePath, (params: Params) => RouteRead[]>> = {
  '/communaute': () => [
    { path: '/api/rating/community', auth: true },
    { path: '/api/teachers/ranking', auth: true },
  ],
  '/teacher/:id': ({ id }) =>
    positiveId(id)
      ? [
          { path: `/api/teacher/${id}`, auth: true },
          { path: `/api/teacher/${id}/reviews?limit=50`, auth: true },
        ]
      : [],
  '/ranking': () => [{ path: '/api/teachers/ranking', auth: true }],
  '/publication': () => [{ path: '/api/subjects', auth: false }],
};

/** Matches a concrete pathname (trailing slash tolerated) against a pattern with `:name` segments. */
export function matchPattern(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(have[i]!);
    else if (segment !== have[i]) return null;
  }
  return params;
}

/** The remote owning `pathname`, its pattern and the reads its screen starts with; null for the shell's own paths. */
export function remoteRouteOf(pathname: string): { remote: RemoteName; path: RemotePath; reads: RouteRead[] } | null {
  for (const remote of Object.keys(ROUTE_OWNERSHIP).filter((owner): owner is RemoteName => owner !== 'shell')) {
    for (const path of ROUTE_OWNERSHIP[remote] as readonly RemotePath[]) {
      const params = matchPattern(path, pathname);
      if (params) return { remote, path, reads: ROUTE_READS[path]?.(params) ?? [] };
    }
  }
  return null;
}
