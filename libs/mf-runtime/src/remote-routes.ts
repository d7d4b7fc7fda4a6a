// The remotes' pages, learnt at run time: each remote's build carries its route declarations in its
// manifest (`pupitre.routes`, tools/rspack/route-declarations.mjs); the shell fetches the manifests
// that /remotes.json names and builds its table of remote routes from them. Nothing of a remote's
// paths, titles or first reads is compiled into the shell.
import { parseRouteDeclarations, type RouteDeclaration } from '@pupitre/contracts';
import { matchPattern, routeReads, type Params } from './match-pattern';
import { type RemoteName } from './remote-names';

export { matchPattern, routeReads };

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

/** The remote route a concrete pathname falls on, with its parameters. */
export function findRemoteRoute(table: RemoteRouteTable, pathname: string): { route: RemoteRouteEntry; params: Params } | null {
  for (const route of table.routes) {
    const params = matchPattern(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}
