// A remote's server rendering (issue #39), shared by every remote's renderer: the HTML of one of its
// pages, rendered from the very route modules of its browser build, as the client's first render of
// that page renders it: in the page's language, from the reads in the page's data block, for a
// visitor without a session, at the data block's `now`. The composer splices it into the shell's
// Suspense boundary (SERVER_SLOT_HTML), and the client hydrates it there.
// A remote passes its routes, its declarations and its catalogues (docs/renderers.md).
import { type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { type i18n as I18n, type ResourceLanguage } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import type { RouteDeclaration } from '@pupitre/contracts';
import { clearPrefetched, primeServerReads } from '@pupitre/api-client';
import { SUPPORTED_LANGUAGES, type Language } from '@pupitre/i18n';
import { createServerI18n } from '@pupitre/i18n/src/server';
import { preloadScreens, setRenderNow } from '@pupitre/ui';
import { matchPattern } from '../match-pattern';

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

export interface RouteRendererOptions {
  /** The remote's name, as in its manifest (`community`). */
  remote: string;
  /** The remote's route map (`src/routes.tsx`): pattern → screen. */
  routes: Readonly<Record<string, ComponentType>>;
  /** The remote's declarations (`src/route-declarations.json`): those with `render: true` are rendered. */
  declarations: readonly RouteDeclaration[];
  /** The i18next namespaces its screens use besides `common`: namespace → catalogue per language. */
  namespaces: Record<string, Record<Language, ResourceLanguage>>;
}

export interface RouteRenderer {
  remote: string;
  /** The routes this renderer renders: those its declarations mark `render: true`. */
  renderedRoutes: readonly RouteDeclaration[];
  /** Loads the screens' modules and builds one i18next instance per language; once, before rendering. */
  prepare(): Promise<void>;
  /** The rendered route a pathname falls on, with its parameters; null when this renderer does not render it. */
  findRoute(pathname: string): { route: RouteDeclaration; params: Record<string, string> } | null;
  /**
   * The HTML of the page at `path` (null when this renderer does not render it). Pure apart from the
   * process-wide api-client and render-moment state it sets and clears within this synchronous call.
   */
  render(input: RenderInput): RenderOutput | null;
}

/**
 * A remote's renderer. A page for signed-in visitors only (`signIn: true`) is never rendered: the
 * client decides sign-in on its first render, signed out while hydrating.
 */
export function createRouteRenderer({ remote, routes, declarations, namespaces }: RouteRendererOptions): RouteRenderer {
  for (const route of declarations)
    if (route.render && route.signIn)
      throw new Error(`${remote}: ${route.path} is for signed-in visitors: it cannot be rendered on the server`);
  const renderedRoutes = declarations.filter((route) => route.render === true);
  const missing = renderedRoutes.find((route) => !routes[route.path]);
  if (missing) throw new Error(`${remote}: ${missing.path} is declared render: true but has no screen in its routes`);
  let instances: Map<Language, I18n> | null = null;

  const findRoute = (pathname: string) => {
    for (const route of renderedRoutes) {
      const params = matchPattern(route.path, pathname);
      if (params) return { route, params };
    }
    return null;
  };

  return {
    remote,
    renderedRoutes,
    findRoute,
    async prepare() {
      if (instances) return;
      await preloadScreens(routes);
      instances = new Map(SUPPORTED_LANGUAGES.map((lng) => [lng, createServerI18n(lng, namespaces)]));
    },
    render({ path, lang, reads, now }) {
      if (!instances) throw new Error('render: call prepare() first');
      const found = findRoute(path);
      if (!found) return null;
      const Screen = routes[found.route.path]!;
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
    },
  };
}
