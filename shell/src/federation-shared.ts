// The singletons the shell hands the federation share scope when the first remote route is
// visited (the shell is a runtime-only host: see tools/rspack/host.mjs). Each `lib` returns the
// very module instance the shell runs, so the remotes render with the shell's React, router,
// i18next instance, session and request helper. Versions come from package.json at build time.
// This module is only ever imported dynamically (its own chunk, with the federation runtime).
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as ReactRouter from 'react-router';
import * as I18next from 'i18next';
import * as ReactI18next from 'react-i18next';
import * as PupitreI18n from '@pupitre/i18n';
import * as PupitreSession from '@pupitre/session';
import * as PupitreApiClient from '@pupitre/api-client';
import * as PupitreUi from '@pupitre/ui';
import type { HostShared } from '@pupitre/mf-runtime';

const MODULES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': JsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'react-router': ReactRouter,
  i18next: I18next,
  'react-i18next': ReactI18next,
  '@pupitre/i18n': PupitreI18n,
  '@pupitre/session': PupitreSession,
  '@pupitre/api-client': PupitreApiClient,
  '@pupitre/ui': PupitreUi,
};

interface SharedVersion {
  version: string;
  requiredVersion: string;
}

export function hostShared(versions: Record<string, SharedVersion> = JSON.parse(process.env.MF_SHARED ?? '{}')): HostShared {
  const shared: HostShared = {};
  for (const [name, { version, requiredVersion }] of Object.entries(versions)) {
    const mod = MODULES[name];
    if (!mod) throw new Error(`[shell] shared singleton "${name}" has no module in federation-shared.ts`);
    shared[name] = { version, scope: 'default', lib: () => mod as never, shareConfig: { singleton: true, requiredVersion, strictVersion: false } };
  }
  return shared;
}
