// The federation runtime for a remote's standalone page. The remotes are built with
// `experiments.externalRuntime` and read the runtime from `_FEDERATION_RUNTIME_CORE`: inside the
// shell, the shell provides it (@pupitre/mf-runtime); on its own page a remote loads this first.
import * as runtimeCore from '@module-federation/runtime-core';

globalThis._FEDERATION_RUNTIME_CORE = runtimeCore;
