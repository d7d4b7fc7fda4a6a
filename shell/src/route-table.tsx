// The shell's own pages, and the titles and footer of every page: the remotes' pages come from
// their manifests at run time (./remote-routes.tsx), never from here.
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import { type Language } from '@pupitre/i18n';
import { findRemoteRoute } from '@pupitre/mf-runtime';
import { lazyScreen, preloadScreen } from '@pupitre/ui';
import { type RemoteRoutesState } from './remote-routes';
import { HomePage } from './home/HomePage';
import { SHELL_PATHS, type ShellPath } from './shell-paths';

// Rarely visited pages are chunks of their own, out of main.js (issue #16: first-load JS of /). The
// legal pages are rendered on the server too (issue #39): once their module is in (preloadScreen),
// they render without suspending, on the server and in the browser's first render alike.
const legal = () => import(/* webpackChunkName: "legal-pages" */ './legal/LegalPages');
const TermsPage = lazyScreen(legal, 'TermsPage');
const CookiesPage = lazyScreen(legal, 'CookiesPage');
const PrivacyPage = lazyScreen(legal, 'PrivacyPage');
const AdminPage = lazy(() => import(/* webpackChunkName: "admin" */ './pages/AdminPage').then((m) => ({ default: () => <m.AdminPage /> })));

export const SHELL_PAGES: Record<ShellPath, ComponentType> = {
  '/': HomePage,
  '/conditions-service': TermsPage,
  '/politique-des-cookies': CookiesPage,
  '/politique-de-privacite': PrivacyPage,
  '/admin': AdminPage,
};

export { SHELL_PATHS, type ShellPath };

const LEGAL_PATHS: readonly ShellPath[] = ['/conditions-service', '/politique-des-cookies', '/politique-de-privacite'];

/**
 * Before the browser takes over a server-rendered shell page (hydration): its screen's module and,
 * for a legal page, its text in `lang`, so that its first render is the server's.
 */
export async function prepareShellPage(path: ShellPath, lang: Language): Promise<void> {
  await preloadScreen(SHELL_PAGES[path]);
  if (LEGAL_PATHS.includes(path)) await legal().then((m) => m.loadLegal(lang));
}

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
