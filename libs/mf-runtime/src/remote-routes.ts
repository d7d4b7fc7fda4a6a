// The remotes' pages, learnt at run time: each remote's build carries its route declarations in its
// manifest (`pupitre.routes`, tools/rspack/route-declarations.mjs); the shell fetches the manifests
// that /remotes.json names and builds its table of remote routes, and of the navbar's links
// (`pupitre.nav`), from them. Nothing of a remote's paths, titles, links or first reads is compiled
// into the shell.
import { parseNavDeclarations, parseRouteDeclarations, type NavDeclaration, type RouteDeclaration } from '@pupitre/contracts';
import { matchPattern, routeReads, type Params } from './match-pattern';
import { type RemoteName } from './remote-names';

export { matchPattern, routeReads };

export interface RemoteRouteEntry extends RouteDeclaration {
  remote: RemoteName;
}

export interface RemoteNavEntry extends NavDeclaration {
  remote: RemoteName;
}

/** What a remote's manifest declares: its pages and its navbar links. */
export interface RemoteDeclarations {
  routes: RouteDeclaration[];
  nav: NavDeclaration[];
}

export interface RemoteRouteTable {
  routes: RemoteRouteEntry[];
  /** The navbar's links to the remotes' pages, in order (`order`, then the remotes' order). */
  nav: RemoteNavEntry[];
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
 * The pages and navbar links of a fetched manifest. Unreadable pages throw (the remote is then
 * unavailable); unreadable links only cost the remote its links (reported).
 */
export function declarationsFromManifest(
  remote: RemoteName,
  manifest: unknown,
  report: (message: string) => void = (m) => console.error(m),
): RemoteDeclarations {
  const routes = routesFromManifest(remote, manifest);
  try {
    return { routes, nav: parseNavDeclarations((manifest as { pupitre: { nav?: unknown } }).pupitre.nav) };
  } catch (error) {
    report(`[mf] ${remote}: its manifest's navbar links (pupitre.nav) are invalid, none shown: ${(error as Error).message}`);
    return { routes, nav: [] };
  }
}

/**
 * One table from every remote's declarations, in remote order. A path the shell keeps for itself,
 * or that an earlier remote already declared, is left out (and reported): a team cannot take over
 * another's page by declaring it. A navbar link is kept only to a page its remote holds in the
 * table; the links are sorted by `order`, then remote order. A remote whose manifest could not be
 * read contributes neither pages nor links.
 */
export function buildRouteTable(
  declared: ReadonlyArray<readonly [RemoteName, RouteDeclaration[] | RemoteDeclarations | Error]>,
  reserved: readonly string[],
  report: (message: string) => void = (m) => console.error(m),
): RemoteRouteTable {
  const taken = new Set(reserved);
  const table: RemoteRouteTable = { routes: [], nav: [], unavailable: [] };
  for (const [remote, found] of declared) {
    if (found instanceof Error) {
      report(`[mf] ${remote}: routes unavailable (${found.message})`);
      table.unavailable.push(remote);
      continue;
    }
    const { routes, nav } = Array.isArray(found) ? { routes: found, nav: [] } : found;
    const held = new Set<string>();
    for (const route of routes) {
      if (taken.has(route.path)) {
        report(`[mf] ${remote}: ${route.path} is already taken; ignored`);
        continue;
      }
      taken.add(route.path);
      held.add(route.path);
      table.routes.push({ ...route, remote });
    }
    for (const link of nav) {
      if (held.has(link.path)) table.nav.push({ ...link, remote });
      else report(`[mf] ${remote}: navbar link to ${link.path}, a page it does not hold; ignored`);
    }
  }
  table.nav.sort((a, b) => a.order - b.order); // stable: remote order among equals
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
