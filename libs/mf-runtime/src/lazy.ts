// The shell's loader: nothing of the federation runtime is in its first load. The first remote
// route visited loads, in parallel, /remotes.json, the federation runtime (a chunk of its own) and
// the table of singletons the shell shares, then registers the remotes.
import { createDeferredLoader, type RemoteLoader } from './loader';
import { loadRemotesConfig } from './remotes-config';
import type { HostShared } from './federation';

export interface LazyFederationOptions {
  hostName?: string;
  /** The host's shared singletons (usually a dynamic import of a module building them). */
  shared?: () => Promise<HostShared>;
  loadConfig?: typeof loadRemotesConfig;
  loadRuntime?: () => Promise<typeof import('./federation')>;
}

export function createLazyFederationLoader(options: LazyFederationOptions = {}): RemoteLoader {
  const {
    hostName = 'shell',
    shared = async () => ({}),
    loadConfig = loadRemotesConfig,
    loadRuntime = () => import(/* webpackChunkName: "mf-runtime" */ './federation'),
  } = options;
  let started: RemoteLoader | undefined;
  return createDeferredLoader(async () => {
    const [runtime, config, sharedModules] = await Promise.all([
      loadRuntime(),
      loadConfig().catch((error: unknown) => {
        console.error('[shell] /remotes.json unavailable: remote sections will show their fallback', error);
        throw error;
      }),
      shared(),
    ]);
    started ??= runtime.initFederation(config, { hostName, shared: sharedModules });
    return started;
  });
}
