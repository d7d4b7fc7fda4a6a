// The shell's routing table, built from the one ownership table: the shell's own pages, then one
// entry per remote-owned path whose element is a <RemoteRoute>.
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import { ROUTE_OWNERSHIP, remoteRoutes, type OwnedPath, type Owner } from '@pupitre/mf-runtime';
import { HomePage } from './home/HomePage';

// Rarely visited pages are chunks of their own, out of main.js (issue #16: first-load JS of /).
const legal = () => import(/* webpackChunkName: "legal-pages" */ './legal/LegalPages');
const TermsPage = lazy(() => legal().then((m) => ({ default: m.TermsPage })));
const CookiesPage = lazy(() => legal().then((m) => ({ default: m.CookiesPage })));
const PrivacyPage = lazy(() => legal().then((m) => ({ default: m.PrivacyPage })));
const AdminPage = lazy(() => import(/* webpackChunkName: "admin" */ './pages/AdminPage').then((m) => ({ default: () => <m.AdminPage /> })));

export const SHELL_PAGES = {
  '/': HomePage,
  '/conditions-service': TermsPage,
  '/politique-des-cookies': CookiesPage,
  '/politique-de-privacite': PrivacyPage,
  '/admin': AdminPage,
} satisfies Record<OwnedPath<'shell'>, ComponentType>;

/** The translated title (key in `common`) of every path: the page title is "Pupitre · <title>". */
export const PATH_TITLES = {
  '/': 'title.home',
  '/conditions-service': 'title.terms',
  '/politique-des-cookies': 'title.cookies',
  '/politique-de-privacite': 'title.privacy',
  '/admin': 'title.admin',
  '/communaute': 'title.community',
  '/teacher/:id': 'title.teacher',
  '/ranking': 'title.ranking',
  '/publication': 'title.publication',
  '/publication/complete': 'title.publicationComplete',
  '/review/:id/edit': 'title.reviewEdit',
  '/auth': 'title.auth',
  '/me': 'title.me',
  '/me/favorites': 'title.favorites',
  '/me/reviews': 'title.myReviews',
  '/me/reports': 'title.myReports',
  '/settings': 'title.settings',
  '/google/login': 'title.googleLogin',
  '/activate/:uid/:token': 'title.activate',
  '/password/reset/confirm/:uid/:token': 'title.passwordReset',
} as const satisfies Record<OwnedPath<Owner>, string>;

/** Title key for a concrete path (trailing slash tolerated); not found otherwise. */
export function titleKeyFor(pathname: string): string {
  for (const [pattern, key] of Object.entries(PATH_TITLES)) if (matchPath({ path: pattern, end: true }, pathname)) return key;
  return 'title.notFound';
}

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
