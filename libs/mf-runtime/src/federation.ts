// Registration and loading of the micro-frontends with the Module Federation 2.0 runtime. Every
// remote is registered here, at run time, from /remotes.json. The shell loads this module lazily
// (see ./lazy.ts): its first load carries no federation runtime.
import {
  init,
  loadRemote,
  registerRemotes,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import provideRuntimeCore from '@module-federation/inject-external-runtime-core-plugin';
import { remoteNames, type RemotesConfig } from './remotes-config';
import { trustedIntegrity } from './remote-integrity';
import { routesModuleId, type RemoteName } from './remote-names';
import {
  REMOTE_UNAVAILABLE,
  RemoteUnavailableError,
  isUnavailableRemote,
  type RemoteLoader,
  type RemoteRouteMap,
  type UnavailableRemoteModule,
} from './loader';

export * from './loader';

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

/**
 * Runtime plugin: a remote's manifest already being fetched by the host (asked for as soon as
 * /remotes.json was in, while this runtime was still loading) is handed to the runtime instead of
 * fetched again; `take` gives each answer once. Anything else (no early fetch, a failed one) lets
 * the runtime fetch as usual, except a manifest /remotes.json records a hash of (a cross-origin
 * one, ./remote-integrity.ts): that one is fetched here with `integrity`, never without.
 */
export function earlyManifestPlugin(
  take: (url: string) => Promise<Response | undefined> | undefined,
  integrityOf: (url: string) => string | undefined = (url) => trustedIntegrity.manifest(url),
): ModuleFederationRuntimePlugin {
  return {
    name: 'pupitre-early-manifest',
    fetch(url, init) {
      const early = take(url);
      const integrity = integrityOf(url);
      // The runtime fetches by itself when this resolves to nothing.
      if (!integrity) return early as Promise<Response> | undefined;
      const checked = () => globalThis.fetch(url, { ...init, integrity });
      return early ? early.then((answer) => answer ?? checked()) : checked();
    },
  };
}

/**
 * Runtime plugin: the <script> of a remote's entry that the shell holds to a hash (a remote on
 * another origin whose hash /remotes.json records, ./remote-integrity.ts) is made with that
 * `integrity` and crossorigin="anonymous": the browser runs it only if its bytes match. A mismatch
 * fails the load like a network error (the remote's fallback is shown). Other scripts (the remote's
 * chunks, which its own runtime loads with their hashes through this same hook) are left to the
 * runtime.
 */
export function remoteIntegrityPlugin(
  integrityOf: (url: string) => string | undefined = (url) => trustedIntegrity.entry(url),
  doc: Document | undefined = globalThis.document,
  holds: (remote: string) => boolean = (remote) => trustedIntegrity.holds(remote),
): ModuleFederationRuntimePlugin {
  return {
    name: 'pupitre-remote-integrity',
    // Before a module is loaded, the runtime would run its files itself, as <script>s without any
    // hash (its "sync" preload, from the manifest): for a remote held to hashes, that is left to
    // the remote's own runtime, which loads each file with the hash the entry carries. The shell's
    // <link rel="preload">s (with those hashes) keep the files downloading early.
    beforePreloadRemote(args) {
      const kept = args.preloadOps.filter((op) => !holds(op.nameOrAlias));
      args.preloadOps.splice(0, args.preloadOps.length, ...kept);
    },
    createScript({ url }) {
      const integrity = integrityOf(url);
      if (!integrity || !doc) return undefined;
      const script = doc.createElement('script');
      script.setAttribute('integrity', integrity);
      script.crossOrigin = 'anonymous';
      script.src = url;
      return script;
    },
  };
}

function defaultReport(id: string, error: unknown): void {
  console.warn(`[mf] ${id} failed to load; showing its fallback`, error);
}

function toRouteMap(remote: RemoteName, mod: unknown): RemoteRouteMap {
  if (isUnavailableRemote(mod)) throw new RemoteUnavailableError(remote, 'load failed', { cause: mod.error });
  const candidate = (mod as { default?: unknown } | null)?.default ?? mod;
  if (!candidate || typeof candidate !== 'object') throw new RemoteUnavailableError(remote, './routes exports no route map');
  return candidate as RemoteRouteMap;
}

/** What the host hands the share scope: request → already-running module and its versions. */
export type HostShared = NonNullable<Parameters<typeof init>[0]['shared']>;

export interface FederationOptions {
  /** Name of the host instance (the shell: 'shell'). */
  hostName?: string;
  plugins?: ModuleFederationRuntimePlugin[];
  /**
   * The singletons the host already runs (`lib` getters), given to the share scope so the remotes
   * use them. The shell is a runtime-only host (no ModuleFederationPlugin in its build).
   */
  shared?: HostShared;
}

/**
 * Creates (or joins) the host's federation instance with the `loaded-first` share strategy,
 * provides its shared singletons, installs the fallback plugin and registers the remotes of
 * /remotes.json. Returns the loader `RemoteRoute` uses.
 *
 * The host also hands its federation runtime to the remotes (`_FEDERATION_RUNTIME_CORE`, the
 * official inject-external-runtime-core plugin): the remotes are built with
 * `experiments.externalRuntime` (tools/rspack/remote.mjs) and carry no copy of their own, so the
 * runtime is loaded once per page, not once per remote.
 */
export function initFederation(config: RemotesConfig, options: FederationOptions = {}): RemoteLoader {
  const { hostName = 'shell', plugins = [remoteFallbackPlugin()], shared } = options;
  const instance: ModuleFederation = init({
    name: hostName,
    remotes: [],
    shareStrategy: 'loaded-first',
    plugins: [provideRuntimeCore(), ...plugins],
    ...(shared ? { shared } : {}),
  });
  const remotes = remoteNames(config).map((name) => ({ name, entry: config[name]! }));
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
