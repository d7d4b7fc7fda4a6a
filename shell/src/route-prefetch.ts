// The reads of a remote route's screen (@pupitre/mf-runtime's ROUTE_READS), started now through the
// request helper's prefetch: the screen's own requests are answered with them. Called at start-up
// for the page being opened (beside main.js's other work, not after it) and by the route's element.
import { prefetch } from '@pupitre/api-client';
import { remoteRouteOf } from '@pupitre/mf-runtime';

export function prefetchRoute(pathname: string): Promise<unknown> {
  const route = remoteRouteOf(pathname);
  return Promise.all((route?.reads ?? []).map((read) => prefetch(read.path, { auth: read.auth })));
}
