// The singletons the shell hands the federation share scope when the first remote route is
// visited (the shell is a runtime-only host: see tools/rspack/host.mjs). Each `lib` returns the
// very module instance the shell runs, so the remotes render with the shell's React, router,
// i18next instance, session and request helper. The modules come from `@pupitre-generated/shared-modules`,
// generated at build time from the one list (SHARED_SINGLETONS in tools/rspack/shared.mjs) that
// the remotes' builds read too; versions come from package.json at build time.
// This module is only ever imported dynamically (its own chunk, with the federation runtime).
import MODULES from '@pupitre-generated/shared-modules';
import type { HostShared } from '@pupitre/mf-runtime';

interface SharedVersion {
  version: string;
  requiredVersion: string;
}

export function hostShared(versions: Record<string, SharedVersion> = JSON.parse(process.env.MF_SHARED ?? '{}')): HostShared {
  const shared: HostShared = {};
  for (const [name, { version, requiredVersion }] of Object.entries(versions)) {
    const mod = MODULES[name];
    if (!mod)
      throw new Error(`[shell] shared singleton "${name}" has no module in @pupitre-generated/shared-modules (tools/rspack/host.mjs)`);
    shared[name] = {
      version,
      scope: 'default',
      lib: () => mod as never,
      shareConfig: { singleton: true, requiredVersion, strictVersion: false },
    };
  }
  return shared;
}
