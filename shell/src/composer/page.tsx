// The shell's part of a composed page: the layout (navbar, banners, footer) rendered by the same
// components the browser runs, around the remote's fragment. The browser's first render of the same
// path, language and configuration gives the same tree, so it takes the page over (hydrateRoot)
// without replacing anything: the shell's part at once, the remote's once its code is in.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { type i18n as I18n } from 'i18next';
import { type Language } from '@pupitre/i18n';
import { createServerI18n } from '@pupitre/i18n/src/server';
import { SERVER_SLOT_HTML, type RemoteLoader, type RemoteRouteEntry, type RemoteRouteTable } from '@pupitre/mf-runtime';
import { preloadScreen } from '@pupitre/ui';
import { App } from '../App';
import { type RuntimeConfig } from '../config/runtime-config';
import legalEn from '../legal/en';
import legalEs from '../legal/es';
import legalFr from '../legal/fr';
import { LEGAL_NS } from '../legal/LegalPages';
import { pageTitle as shellPageTitle, SHELL_PAGES } from '../route-table';
import { type ShellPath } from '../shell-paths';

// On the server nothing loads: the remote's page is the fragment, spliced in where its slot is.
const serverLoader: RemoteLoader = { load: () => new Promise(() => undefined), peek: () => undefined, invalidate: () => undefined };
const noTable = () => new Promise<never>(() => undefined);
const instances = new Map<Language, I18n>();
const translations = (lang: Language) => {
  let instance = instances.get(lang);
  // The legal pages' texts, which the browser loads as chunks of their own, are in at once here.
  if (!instance) instances.set(lang, (instance = createServerI18n(lang, { [LEGAL_NS]: { fr: legalFr, es: legalEs, en: legalEn } })));
  return instance;
};

/**
 * The page's #root content: the shell's layout with `fragmentHtml` in the remote's place (`route`
 * its pattern); null when the slot is not found once. Without `fragmentHtml`: one of the shell's own
 * pages (`route` its path), whole (its screen's module is loaded first: see preloadShellPage).
 */
export function renderShellPage({
  path,
  lang,
  config,
  table,
  route,
  fragmentHtml,
}: {
  path: string;
  lang: Language;
  config: RuntimeConfig;
  table: RemoteRouteTable;
  route: string;
  fragmentHtml?: string;
}): string | null {
  const html = renderToString(
    <I18nextProvider i18n={translations(lang)}>
      <App
        loader={serverLoader}
        routes={noTable}
        config={config}
        rendered={{ route, table }}
        serverRouter={(children) => <StaticRouter location={path}>{children}</StaticRouter>}
      />
    </I18nextProvider>,
  );
  if (fragmentHtml === undefined) return html.includes(SERVER_SLOT_HTML) ? null : html;
  const at = html.indexOf(SERVER_SLOT_HTML);
  if (at < 0 || html.indexOf(SERVER_SLOT_HTML, at + 1) >= 0) return null;
  return html.slice(0, at) + fragmentHtml + html.slice(at + SERVER_SLOT_HTML.length);
}

/** "Pupitre · <the page's title in its language>", as the browser titles it (usePageTitle). */
export function pageTitle(route: RemoteRouteEntry, lang: Language): string {
  return `Pupitre · ${route.title[lang] ?? route.title.fr}`;
}

/** A shell page's title in `lang`, as the browser titles it. */
export function shellTitle(path: ShellPath, lang: Language): string {
  return `Pupitre · ${shellPageTitle(path, { status: 'loading' }, lang, translations(lang).t)}`;
}

/** Loads a shell page's screen module (once): it then renders without suspending. */
export function preloadShellPage(path: ShellPath): Promise<void> {
  return preloadScreen(SHELL_PAGES[path]);
}
