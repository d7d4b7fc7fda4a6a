// The community remote's server rendering (issue #39): the HTML of one of its pages, rendered from
// the very route modules of its browser build (./routes), as the client's first render of that
// page renders it: in the page's language, from the reads in the page's data block, for a visitor
// without a session, at the data block's `now`. The composer splices it into the shell's Suspense
// boundary (SERVER_SLOT_HTML of @pupitre/mf-runtime), and the client hydrates it there.
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { RouteDeclaration } from '@pupitre/contracts';
import { clearPrefetched, primeServerReads } from '@pupitre/api-client';
import { FALLBACK_LANGUAGE, isLanguage, loadCommonCatalogue, SUPPORTED_LANGUAGES, type Language } from '@pupitre/i18n';
import { REVIEW_UI_NAMESPACE, reviewUiCatalogues } from '@pupitre/review-ui';
import { preloadScreens, setRenderNow } from '@pupitre/ui';
import { catalogues, NAMESPACE } from '../i18n';
import declarations from '../route-declarations.json';
import routes from '../routes';

export { isLanguage, SUPPORTED_LANGUAGES, type Language };

/** The routes this renderer renders: those its declarations mark `render: true`. */
export const RENDERED_ROUTES: readonly RouteDeclaration[] = (declarations as RouteDeclaration[]).filter((route) => route.render === true);

export interface RenderInput {
  /** The page's pathname, e.g. `/teacher/1` (no query). */
  path: string;
  lang: Language;
  /** The reads the page renders from, by read path (the route's declared reads, params filled). */
  reads: Readonly<Record<string, unknown>>;
  /** The moment the page is rendered at (epoch ms), for anything rendered from the time. */
  now: number;
}

export interface RenderOutput {
  /** The route pattern, e.g. `/teacher/:id`. */
  route: string;
  html: string;
}

let instances: Map<Language, I18n> | null = null;

/** Loads the screens' modules and builds one i18next instance per language; once, before rendering. */
export async function prepareRenderer(): Promise<void> {
  if (instances) return;
  await preloadScreens(routes);
  const common = Object.fromEntries(await Promise.all(SUPPORTED_LANGUAGES.map(async (lng) => [lng, await loadCommonCatalogue(lng)])));
  const resources = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((lng) => [
      lng,
      { common: common[lng], [NAMESPACE]: catalogues[lng], [REVIEW_UI_NAMESPACE]: reviewUiCatalogues[lng] },
    ]),
  );
  const built = new Map<Language, I18n>();
  for (const lng of SUPPORTED_LANGUAGES) {
    const instance = i18next.createInstance();
    // The options of the page's shared instance (@pupitre/i18n initI18n): same texts, same fallbacks.
    void instance.init({
      resources,
      lng,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      ns: ['common', NAMESPACE, REVIEW_UI_NAMESPACE],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
    built.set(lng, instance);
  }
  instances = built;
}

/** The rendered route a pathname falls on, with its parameters; null when this renderer does not render it. */
export function findRenderedRoute(pathname: string): { route: RouteDeclaration; params: Record<string, string> } | null {
  for (const route of RENDERED_ROUTES) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, segment] of want.entries()) {
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(have[i]!);
      } catch {
        return null;
      }
    } else if (segment !== have[i]) return null;
  }
  return params;
}

/**
 * The HTML of the page at `path` (null when this renderer does not render it). Pure apart from the
 * process-wide api-client and render-moment state it sets and clears within this synchronous call.
 */
export function renderRoute({ path, lang, reads, now }: RenderInput): RenderOutput | null {
  if (!instances) throw new Error('renderRoute: call prepareRenderer() first');
  const found = findRenderedRoute(path);
  if (!found) return null;
  const Screen = routes[found.route.path as keyof typeof routes];
  primeServerReads(reads);
  setRenderNow(now);
  try {
    const html = renderToString(
      <I18nextProvider i18n={instances.get(lang)!}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={found.route.path} element={<Screen />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>,
    );
    return { route: found.route.path, html };
  } finally {
    setRenderNow(null);
    clearPrefetched();
  }
}
