// The shell's routing table, built from the one ownership table: the shell's own pages, then one
// entry per remote-owned path whose element is a <RemoteRoute>.
import { type ComponentType } from 'react';
import { ROUTE_OWNERSHIP, remoteRoutes, type OwnedPath, type Owner } from '@pupitre/mf-runtime';
import { AdminPage } from './pages/AdminPage';
import { HomePage } from './pages/HomePage';
import { CookiesPage, PrivacyPage, TermsPage } from './pages/LegalPages';

export const SHELL_PAGES = {
  '/': HomePage,
  '/conditions-service': TermsPage,
  '/politique-des-cookies': CookiesPage,
  '/politique-de-privacite': PrivacyPage,
  '/admin': AdminPage,
} satisfies Record<OwnedPath<'shell'>, ComponentType>;

export type RouteEntry =
  | { owner: 'shell'; path: OwnedPath<'shell'>; Page: ComponentType }
  | ({ owner: Exclude<Owner, 'shell'> } & ReturnType<typeof remoteRoutes>[number]);

export function routeTable(): RouteEntry[] {
  const own = ROUTE_OWNERSHIP.shell.map((path) => ({ owner: 'shell' as const, path, Page: SHELL_PAGES[path] }));
  const remote = remoteRoutes().map((entry) => ({ owner: entry.remote, ...entry }));
  return [...own, ...remote];
}

/** Paths on which the footer is hidden (spec: /auth and /admin). */
export const FOOTERLESS_PATHS = ['/auth', '/admin'];
