// The shell's loader: nothing of the federation runtime is in its first load. The first remote
// route visited loads, in parallel, /remotes.json, the federation runtime (a chunk of its own) and
// the table of singletons the shell shares, then registers the remotes.
import { createDeferredLoader, type RemoteLoader } from './loader';
import { loadRemotesConfig, remoteNames, type RemotesConfig } from './remotes-config';
import { type RemoteName } from './remote-names';
import { preloadAssets, remoteAssets, remoteEntryUrl, type RemoteAsset } from './remote-assets';
import { trustedIntegrity } from './remote-integrity';
import { buildRouteTable, declarationsFromManifest, type RemoteRouteTable } from './remote-routes';
import { DEFAULT_REMOTE_TIMEOUT_MS } from './RemoteRoute';
import { withTimeout } from './with-timeout';
import type { HostShared } from './federation';

export interface LazyFederationOptions {
  hostName?: string;
  /** The host's shared singletons (usually a dynamic import of a module building them). */
  shared?: () => Promise<HostShared>;
  loadConfig?: typeof loadRemotesConfig;
  loadRuntime?: () => Promise<typeof import('./federation')>;
  /** How a remote's manifest is fetched ahead of the runtime (tests). */
  fetchManifest?: (url: string) => Promise<Response>;
  /** Paths the shell keeps for itself: no remote may declare them. */
  reservedPaths?: readonly string[];
  /** A manifest (or /remotes.json) slower than this counts as unavailable for the route table. */
  manifestTimeoutMs?: number;
  /** How a remote's entry and page files are asked for ahead of the runtime (tests). */
  preload?: (assets: RemoteAsset[]) => void;
}

export interface LazyFederationLoader extends RemoteLoader {
  /**
   * Every remote's pages, from the manifests /remotes.json names (fetched in parallel, once; the
   * runtime later takes those same answers). Rejects only when /remotes.json itself is unavailable.
   */
  routes(): Promise<RemoteRouteTable>;
  /** Starts fetching the federation runtime and the shared singletons' table (a page that is likely a remote's). */
  warmUp(): void;
}

export function createLazyFederationLoader(options: LazyFederationOptions = {}): LazyFederationLoader {
  const {
    hostName = 'shell',
    shared = async () => ({}),
    loadConfig = loadRemotesConfig,
    loadRuntime = () => import(/* webpackChunkName: "mf-runtime" */ './federation'),
    // A cross-origin manifest whose hash /remotes.json records is fetched with it: the browser checks it.
    fetchManifest = (url: string) => {
      const integrity = trustedIntegrity.manifest(url);
      return integrity ? globalThis.fetch(url, { integrity }) : globalThis.fetch(url);
    },
    reservedPaths = [],
    manifestTimeoutMs = DEFAULT_REMOTE_TIMEOUT_MS,
    preload = preloadAssets,
  } = options;
  let started: RemoteLoader | undefined;
  let runtimeAsked: ReturnType<typeof loadRuntime> | undefined;
  let sharedAsked: Promise<HostShared> | undefined;
  const runtimeModule = () =>
    (runtimeAsked ??= loadRuntime().catch((error: unknown) => ((runtimeAsked = undefined), Promise.reject(error))));
  const sharedSingletons = () => (sharedAsked ??= shared().catch((error: unknown) => ((sharedAsked = undefined), Promise.reject(error))));
  let config: Promise<RemotesConfig> | undefined;
  const remotesConfig = () =>
    (config ??= loadConfig().catch((error: unknown) => {
      config = undefined;
      console.error('[shell] /remotes.json unavailable: remote sections will show their fallback', error);
      throw error;
    }));
  // Manifests asked for as soon as /remotes.json is in, beside the runtime's own chunk (which would
  // otherwise have to arrive before the manifest is asked for): handed over once to the runtime.
  const early = new Map<string, Promise<Response | undefined>>();
  const fetchEarly = (remote: RemoteName) =>
    void remotesConfig().then(
      (known) => {
        const url = known[remote];
        if (url && !started && !early.has(url) && !manifestJson.has(url))
          early.set(
            url,
            fetchManifest(url).catch(() => undefined),
          );
      },
      () => undefined,
    );
  // Each manifest is fetched once: one copy of the answer is read for the route declarations, the
  // other is handed to the runtime when it registers the remote.
  const manifestJson = new Map<string, Promise<unknown>>();
  const readManifest = (url: string) => {
    let json = manifestJson.get(url);
    if (!json) {
      const answer = fetchManifest(url);
      if (!started)
        early.set(
          url,
          answer.then((r) => r.clone()).catch(() => undefined),
        );
      json = answer.then(async (r) => {
        if (!r.ok) throw new Error(`${url} answered HTTP ${r.status}`);
        const manifest: unknown = await r.json();
        // A remote on another origin: its entry is held to the hash /remotes.json records.
        trustedIntegrity.trustEntry(url, remoteEntryUrl(url, manifest));
        return manifest;
      });
      json.catch(() => manifestJson.delete(url)); // asked again on the next visit
      manifestJson.set(url, json);
    }
    return json;
  };
  let table: Promise<RemoteRouteTable> | undefined;
  const routes = () =>
    (table ??= withTimeout(remotesConfig(), manifestTimeoutMs)
      .then(async (known) => {
        const declared = await Promise.all(
          remoteNames(known).map(async (name) => {
            try {
              const manifest = await withTimeout(readManifest(known[name]!), manifestTimeoutMs);
              return [name, declarationsFromManifest(name, manifest)] as const;
            } catch (error) {
              return [name, error instanceof Error ? error : new Error(String(error))] as const;
            }
          }),
        );
        const built = buildRouteTable(declared, reservedPaths);
        if (built.unavailable.length > 0) table = undefined; // a later navigation tries again
        return built;
      })
      .catch((error: unknown) => {
        table = undefined;
        throw error;
      }));
  const take = (url: string) => {
    const answer = early.get(url);
    early.delete(url);
    return answer;
  };
  // The remote's entry and its pages' files, asked for as soon as its manifest is in (the runtime,
  // still downloading, would ask only once it runs): they arrive beside it.
  const preloadCode = (remote: RemoteName) => {
    if (started) return;
    void remotesConfig().then(
      (known) => {
        const url = known[remote];
        const json = url ? manifestJson.get(url) : undefined;
        // Before the runtime runs, this is the page being opened: its own screen's files too.
        json
          ?.then((manifest) => {
            const entry = remoteEntryUrl(url!, manifest);
            const entryIntegrity = entry ? trustedIntegrity.entry(entry) : undefined;
            preload(remoteAssets(url!, manifest, globalThis.location?.pathname, undefined, entryIntegrity));
          })
          .catch(() => undefined);
      },
      () => undefined,
    );
  };
  const deferred = createDeferredLoader(async () => {
    const [runtime, known, sharedModules] = await Promise.all([runtimeModule(), remotesConfig(), sharedSingletons()]);
    started ??= runtime.initFederation(known, {
      hostName,
      shared: sharedModules,
      plugins: [runtime.remoteFallbackPlugin(), runtime.earlyManifestPlugin(take), runtime.remoteIntegrityPlugin()],
    });
    return started;
  });
  return {
    routes,
    warmUp: () => {
      runtimeModule().catch(() => undefined);
      sharedSingletons().catch(() => undefined);
    },
    load: (remote) => {
      fetchEarly(remote);
      preloadCode(remote);
      return deferred.load(remote);
    },
    peek: (remote) => deferred.peek(remote),
    invalidate: (remote) => deferred.invalidate(remote),
  };
}
