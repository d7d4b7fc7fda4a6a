// The reads a remote page's screen starts with (declared by its remote, in its manifest), started
// through the request helper's prefetch: the screen's own requests are answered with them. Called
// at start-up for the page being opened, as soon as the remotes' pages are known, and by the
// route's element.
import { prefetch } from '@pupitre/api-client';
import { findRemoteRoute, routeReads, type RemoteRouteTable } from '@pupitre/mf-runtime';

export function prefetchRoute(table: RemoteRouteTable, pathname: string): Promise<unknown> {
  const found = findRemoteRoute(table, pathname);
  return Promise.all((found ? routeReads(found.route, found.params) : []).map((read) => prefetch(read.path, { auth: read.auth })));
}
