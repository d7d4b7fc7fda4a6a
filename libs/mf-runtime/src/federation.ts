// Registration and loading of the micro-frontends with the Module Federation 2.0 runtime. The shell
// is built with `remotes: {}`: every remote is registered here, at run time, from /remotes.json.
import {
  init,
  loadRemote,
  registerRemotes,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import { type ComponentType } from 'react';
import { type RemotesConfig } from './remotes-config';
import { REMOTE_NAMES, routesModuleId, type RemoteName } from './route-ownership';

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

/**
 * Runtime plugin: a remote whose manifest, entry or module fails to load resolves to a marker
 * module instead of rejecting, so one team's outage never takes the page down (see the
 * `runtime-plugins/offline-remote` example of module-federation-examples).
 */
export function remoteFallbackPlugin(onError: (id: string, error: unknown) => void = defaultReport): ModuleFederationRuntimePlugin {
  return {
    name: 'pupitre-remote-fallback',
    errorLoadRemote(args) {
      // Other lifecycles (manifest snapshot, shared loading) expect other return types: let them
      // throw; the error reaches the final `onLoad` call below anyway.
      if (args.lifecycle !== 'onLoad') return undefined;
      onError(args.id, args.error);
      const fallback: UnavailableRemoteModule = { [REMOTE_UNAVAILABLE]: true, id: args.id, error: args.error };
      return fallback;
    },
  };
}

function defaultReport(id: string, error: unknown): void {
  console.warn(`[mf] ${id} failed to load; showing its fallback`, error);
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

function toRouteMap(remote: RemoteName, mod: unknown): RemoteRouteMap {
  if (isUnavailableRemote(mod)) throw new RemoteUnavailableError(remote, 'load failed', { cause: mod.error });
  const candidate = (mod as { default?: unknown } | null)?.default ?? mod;
  if (!candidate || typeof candidate !== 'object') throw new RemoteUnavailableError(remote, './routes exports no route map');
  return candidate as RemoteRouteMap;
}

export interface FederationOptions {
  /** Name of the host container; must equal the build's ModuleFederationPlugin name. */
  hostName?: string;
  plugins?: ModuleFederationRuntimePlugin[];
}

/**
 * Joins the build-time federation instance of the host (same name), switches it to the
 * `loaded-first` share strategy, installs the fallback plugin and registers the remotes of
 * /remotes.json. Returns the loader `RemoteRoute` uses.
 */
export function initFederation(config: RemotesConfig, options: FederationOptions = {}): RemoteLoader {
  const { hostName = 'shell', plugins = [remoteFallbackPlugin()] } = options;
  const instance: ModuleFederation = init({ name: hostName, remotes: [], shareStrategy: 'loaded-first', plugins });
  const remotes = REMOTE_NAMES.flatMap((name) => (config[name] ? [{ name, entry: config[name] }] : []));
  if (remotes.length > 0) instance.registerRemotes(remotes);
  return createFederationLoader(config);
}

/** A loader over the global federation runtime (after `initFederation`). */
export function createFederationLoader(config: RemotesConfig): RemoteLoader {
  const pending = new Map<RemoteName, Promise<RemoteRouteMap>>();
  const loaded = new Map<RemoteName, RemoteRouteMap>();
  return {
    load(remote) {
      const known = loaded.get(remote);
      if (known) return Promise.resolve(known);
      let promise = pending.get(remote);
      if (!promise) {
        promise = config[remote]
          ? loadRemote<unknown>(routesModuleId(remote)).then((mod) => {
              const map = toRouteMap(remote, mod);
              loaded.set(remote, map);
              return map;
            })
          : Promise.reject(new RemoteUnavailableError(remote, 'not listed in /remotes.json'));
        promise.catch(() => pending.delete(remote));
        pending.set(remote, promise);
      }
      return promise;
    },
    peek(remote) {
      return loaded.get(remote);
    },
    invalidate(remote) {
      pending.delete(remote);
      loaded.delete(remote);
      const entry = config[remote];
      // `force` drops the runtime's cached entry and module so the next load fetches again.
      if (entry) registerRemotes([{ name: remote, entry }], { force: true });
    },
  };
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
