// What the shell needs to know about remote loading without the federation runtime itself: the
// loader interface, the unavailable marker and errors, and the deferred loader. The runtime
// (`./federation`) is only loaded, in a chunk of its own, when a remote route is first visited.
import { type ComponentType } from 'react';
import { type RemoteName } from './remote-names';

/** What a remote's `./routes` exposes: absolute path → screen component. */
export type RemoteRouteMap = Readonly<Record<string, ComponentType>>;

export const REMOTE_UNAVAILABLE = Symbol.for('pupitre.remote-unavailable');

/** The stand-in module `errorLoadRemote` resolves to, instead of letting the load throw. */
export interface UnavailableRemoteModule {
  [REMOTE_UNAVAILABLE]: true;
  id: string;
  error: unknown;
}

export function isUnavailableRemote(value: unknown): value is UnavailableRemoteModule {
  return typeof value === 'object' && value !== null && REMOTE_UNAVAILABLE in value;
}

export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`Remote "${remote}" is unavailable: ${reason}`, options);
    this.name = 'RemoteUnavailableError';
  }
}

/** Loads remotes' route maps; injectable (React context) so tests and standalone apps swap it. */
export interface RemoteLoader {
  /** The route map of a remote, loading it the first time. Rejects when unavailable. */
  load(remote: RemoteName): Promise<RemoteRouteMap>;
  /** The route map when already loaded (synchronous render, no spinner flash). */
  peek(remote: RemoteName): RemoteRouteMap | undefined;
  /** Forgets a failed or stale load so the next `load` fetches again (no page reload). */
  invalidate(remote: RemoteName): void;
}

/**
 * A loader usable before /remotes.json has arrived: the shell renders at once (its own pages need
 * no remote) and remote routes wait for the real loader. If the configuration cannot be loaded,
 * remote routes show their fallback; "Try again" asks for the configuration again.
 */
export function createDeferredLoader(start: () => Promise<RemoteLoader>): RemoteLoader {
  let current: RemoteLoader | undefined;
  let pending: Promise<RemoteLoader> | undefined;
  const ready = () => {
    if (current) return Promise.resolve(current);
    pending ??= start().then(
      (loader) => (current = loader),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    load: (remote) => ready().then((loader) => loader.load(remote)),
    peek: (remote) => current?.peek(remote),
    invalidate: (remote) => current?.invalidate(remote),
  };
}

/** How long a remote's screen waits for its first reads beyond its own code (then it shows its own loading state). */
export const ROUTE_READS_WAIT_MS = 3000;

/**
 * A loader whose remotes count as loaded only once `reads()` (the reads the page's screen starts
 * with, already started: the shell's prefetch) has settled too, or `waitMs` has passed since the
 * remote's code was in: the screen's first render then has its data, so nothing below it moves,
 * and a slow service never makes the remote itself time out. `reads` never fails the load.
 */
export function withRouteReads(loader: RemoteLoader, reads: () => Promise<unknown>, waitMs = ROUTE_READS_WAIT_MS): RemoteLoader {
  const ready = new Set<RemoteName>();
  return {
    load: (remote) => {
      const data = reads().catch(() => undefined);
      return loader.load(remote).then(async (routes) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([data, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
        clearTimeout(timer);
        ready.add(remote);
        return routes;
      });
    },
    peek: (remote) => (ready.has(remote) ? loader.peek(remote) : undefined),
    invalidate: (remote) => {
      ready.delete(remote);
      loader.invalidate(remote);
    },
  };
}
