// The remotes' pages, learnt at run time: each remote's build carries its route declarations in its
// manifest (`pupitre.routes`, tools/rspack/route-declarations.mjs); the shell fetches the manifests
// that /remotes.json names and builds its table of remote routes from them. Nothing of a remote's
// paths, titles or first reads is compiled into the shell.
import { parseRouteDeclarations, type RouteDeclaration, type RouteRead } from '@pupitre/contracts';
import { type RemoteName } from './remote-names';

export interface RemoteRouteEntry extends RouteDeclaration {
  remote: RemoteName;
}

export interface RemoteRouteTable {
  routes: RemoteRouteEntry[];
  /** Remotes whose declarations could not be read: a path nobody claims may be theirs. */
  unavailable: RemoteName[];
}

/** The declarations in a fetched manifest; throws with the reason when absent or malformed. */
export function routesFromManifest(remote: RemoteName, manifest: unknown): RouteDeclaration[] {
  const declared = (manifest as { pupitre?: { routes?: unknown } } | null)?.pupitre?.routes;
  try {
    return parseRouteDeclarations(declared);
  } catch (error) {
    throw new Error(`[mf] ${remote}: its manifest declares no valid routes (pupitre.routes): ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * One table from every remote's declarations, in remote order. A path the shell keeps for itself,
 * or that an earlier remote already declared, is left out (and reported): a team cannot take over
 * another's page by declaring it.
 */
export function buildRouteTable(
  declared: ReadonlyArray<readonly [RemoteName, RouteDeclaration[] | Error]>,
  reserved: readonly string[],
  report: (message: string) => void = (m) => console.error(m),
): RemoteRouteTable {
  const taken = new Set(reserved);
  const table: RemoteRouteTable = { routes: [], unavailable: [] };
  for (const [remote, routes] of declared) {
    if (routes instanceof Error) {
      report(`[mf] ${remote}: routes unavailable (${routes.message})`);
      table.unavailable.push(remote);
      continue;
    }
    for (const route of routes) {
      if (taken.has(route.path)) {
        report(`[mf] ${remote}: ${route.path} is already taken; ignored`);
        continue;
      }
      taken.add(route.path);
      table.routes.push({ ...route, remote });
    }
  }
  return table;
}

type Params = Record<string, string>;

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

/** The remote route a concrete pathname falls on, with its parameters. */
export function findRemoteRoute(table: RemoteRouteTable, pathname: string): { route: RemoteRouteEntry; params: Params } | null {
  for (const route of table.routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
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
