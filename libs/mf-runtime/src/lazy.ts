// The shell's loader: nothing of the federation runtime is in its first load. The first remote
// route visited loads, in parallel, /remotes.json, the federation runtime (a chunk of its own) and
// the table of singletons the shell shares, then registers the remotes.
import { createDeferredLoader, type RemoteLoader } from './loader';
import { loadRemotesConfig, type RemotesConfig } from './remotes-config';
import type { RemoteName } from './route-ownership';
import type { HostShared } from './federation';

export interface LazyFederationOptions {
  hostName?: string;
  /** The host's shared singletons (usually a dynamic import of a module building them). */
  shared?: () => Promise<HostShared>;
  loadConfig?: typeof loadRemotesConfig;
  loadRuntime?: () => Promise<typeof import('./federation')>;
  /** How a remote's manifest is fetched ahead of the runtime (tests). */
  fetchManifest?: (url: string) => Promise<Response>;
}

export function createLazyFederationLoader(options: LazyFederationOptions = {}): RemoteLoader {
  const {
    hostName = 'shell',
    shared = async () => ({}),
    loadConfig = loadRemotesConfig,
    loadRuntime = () => import(/* webpackChunkName: "mf-runtime" */ './federation'),
    fetchManifest = (url: string) => globalThis.fetch(url),
  } = options;
  let started: RemoteLoader | undefined;
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
        if (url && !started && !early.has(url)) early.set(url, fetchManifest(url).catch(() => undefined));
      },
      () => undefined,
    );
  const take = (url: string) => {
    const answer = early.get(url);
    early.delete(url);
    return answer;
  };
  const deferred = createDeferredLoader(async () => {
    const [runtime, known, sharedModules] = await Promise.all([loadRuntime(), remotesConfig(), shared()]);
    started ??= runtime.initFederation(known, { hostName, shared: sharedModules, plugins: [runtime.remoteFallbackPlugin(), runtime.earlyManifestPlugin(take)] });
    return started;
  });
  return {
    load: (remote) => {
      fetchEarly(remote);
      return deferred.load(remote);
    },
    peek: (remote) => deferred.peek(remote),
    invalidate: (remote) => deferred.invalidate(remote),
  };
}
