// The shell's own pages, and the titles and footer of every page: the remotes' pages come from
// their manifests at run time (./remote-routes.tsx), never from here.
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import { findRemoteRoute } from '@pupitre/mf-runtime';
import { type RemoteRoutesState } from './remote-routes';
import { HomePage } from './home/HomePage';
import { SHELL_PATHS, type ShellPath } from './shell-paths';

// Rarely visited pages are chunks of their own, out of main.js (issue #16: first-load JS of /).
const legal = () => import(/* webpackChunkName: "legal-pages" */ './legal/LegalPages');
const TermsPage = lazy(() => legal().then((m) => ({ default: m.TermsPage })));
const CookiesPage = lazy(() => legal().then((m) => ({ default: m.CookiesPage })));
const PrivacyPage = lazy(() => legal().then((m) => ({ default: m.PrivacyPage })));
const AdminPage = lazy(() => import(/* webpackChunkName: "admin" */ './pages/AdminPage').then((m) => ({ default: () => <m.AdminPage /> })));

export const SHELL_PAGES: Record<ShellPath, ComponentType> = {
  '/': HomePage,
  '/conditions-service': TermsPage,
  '/politique-des-cookies': CookiesPage,
  '/politique-de-privacite': PrivacyPage,
  '/admin': AdminPage,
};

export { SHELL_PATHS, type ShellPath };

/** The translated title (key in `common`) of the shell's own pages: the page title is "Pupitre · <title>". */
const SHELL_TITLES: Record<ShellPath, string> = {
  '/': 'title.home',
  '/conditions-service': 'title.terms',
  '/politique-des-cookies': 'title.cookies',
  '/politique-de-privacite': 'title.privacy',
  '/admin': 'title.admin',
};

/** Shell pages without the footer (spec: /admin; remotes declare theirs). */
const FOOTERLESS_SHELL_PATHS: readonly string[] = ['/admin'];

const sameRoute = (pattern: string, pathname: string) => matchPath({ path: pattern, end: true }, pathname) !== null;

/**
 * The title of a concrete path: a shell page's from its catalogue, a remote page's as its remote
 * declares it in the page's language; nothing while the remotes' pages are not known yet.
 */
export function pageTitle(pathname: string, remotes: RemoteRoutesState, language: string, t: (key: string) => string): string {
  const own = SHELL_PATHS.find((path) => sameRoute(path, pathname));
  if (own) return t(SHELL_TITLES[own]);
  if (remotes.status === 'loading') return '';
  const found = remotes.status === 'ready' ? findRemoteRoute(remotes.table, pathname) : null;
  if (found) return found.route.title[language as keyof typeof found.route.title] ?? found.route.title.fr;
  return t('title.notFound');
}

/** Whether the footer shows under a concrete path. */
export function footerShown(pathname: string, remotes: RemoteRoutesState): boolean {
  if (FOOTERLESS_SHELL_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`))) return false;
  const found = remotes.status === 'ready' ? findRemoteRoute(remotes.table, pathname) : null;
  return found?.route.footer !== false;
}
