import { type ReactNode, StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { primeServerReads, startTokenRefresh } from '@pupitre/api-client';
import { detectLanguage, setLanguage, startI18n } from '@pupitre/i18n';
import {
  createLazyFederationLoader,
  findRemoteRoute,
  parseRemotesConfig,
  parseRemotesIntegrity,
  readServerPageData,
  SHELL_PAGE,
  trustedIntegrity,
  withRouteReads,
  type ServerPageData,
} from '@pupitre/mf-runtime';
import { setRenderNow } from '@pupitre/ui';
import { App } from './App';
import { loadRuntimeConfig, parseRuntimeConfig } from './config/runtime-config';
import { prefetchRoute } from './route-prefetch';
import { prepareShellPage } from './route-table';
import { isShellPage, renderedShellPath, SHELL_PATHS } from './shell-paths';
import { registerServiceWorker } from './sw/register';

// Remotes: nothing of the federation runtime is loaded until a remote's page is shown. The remotes'
// pages are learnt from their manifests (/remotes.json, preloaded by index.html, then every
// manifest in parallel: a few small fetches, nothing to run). A remote's screen is shown once the
// reads it starts with are in too (route-prefetch), so it renders whole at once. This is the one
// path that asks ahead: a server-rendered page names its remote's files and the federation
// runtime in its own preloads, and brings the remotes' list and its first reads in its data block
// (issue #39).
const rendered = readServerPageData(document, window.location.pathname);
/** The remotes a composed page names, with the entry hashes it hands on (as /remotes.json's `$integrity`). */
function renderedRemotes(remotes: Record<string, string>, integrity: ServerPageData['remotesIntegrity']) {
  const config = parseRemotesConfig(remotes, window.location.href);
  trustedIntegrity.trustRemotes(config, parseRemotesIntegrity({ $integrity: integrity }));
  return config;
}
const federation = createLazyFederationLoader({
  hostName: 'shell',
  shared: () => import(/* webpackChunkName: "mf-runtime" */ './federation-shared').then((m) => m.hostShared()),
  reservedPaths: SHELL_PATHS,
  // A server-rendered page names the remotes it was composed with: no /remotes.json to wait for.
  loadConfig: rendered?.remotes ? async () => renderedRemotes(rendered.remotes!, rendered.remotesIntegrity) : undefined,
});
const routes = federation.routes;
const loader = withRouteReads(federation, () => routes().then((table) => prefetchRoute(table, window.location.pathname)));
void routes().catch(() => undefined); // the routes show the fallback

// Token refresh at start (access expiring within 300 s) and before expiry while the page is open.
startTokenRefresh();

/**
 * Right after the first render: a page that is not one of the shell's own is most likely a
 * remote's, so the federation runtime and the shared singletons start loading beside the
 * manifests; once the opened page's remote is known, its code and its screen's first reads start.
 */
function startOpenedRemote(pathname: string) {
  if (isShellPage(pathname)) return;
  federation.warmUp();
  routes().then(
    (table) => {
      const opened = findRemoteRoute(table, pathname);
      if (!opened) return;
      // Its code, and its screen's first reads with it (withRouteReads).
      void loader.load(opened.route.remote).catch(() => undefined); // RemoteRoute reports a failure and retries
    },
    () => undefined,
  );
}

// A page the composer rendered (issue #39) carries the data it was rendered from: the client's first
// render uses the same reads, moment, language and configuration, so React takes the server's HTML
// over (hydrateRoot) instead of building the page again: nothing is replaced, nothing moves. The
// remote's part stays the server's until its code is in (RemoteRoute, `hydrating`). A signed-in
// visitor's own state (account menu, their vote) fills in right after. One of the shell's own pages
// (`remote` SHELL_PAGE: home, legal) is taken over once its screen's module and texts are in.
const renderedShell = rendered?.remote === SHELL_PAGE ? renderedShellPath(rendered.path) : null;
if (rendered) {
  primeServerReads(rendered.reads);
  setRenderNow(rendered.now);
}

function takeOver(element: HTMLElement, app: ReactNode, lang: string) {
  // In a transition: the takeover yields to the browser every few milliseconds (a tap, a frame)
  // instead of one long task; the page is painted already, nothing waits for it.
  startTransition(() => {
    hydrateRoot(element, app, {
      onRecoverableError: (error) => console.warn('[shell] the server-rendered page was not taken over as is', error),
    });
  });
  // The moment of the server's render served the first render only.
  setTimeout(() => setRenderNow(null), 0);
  // A language kept from before the cookie existed wins over the one the server guessed.
  const wanted = detectLanguage();
  if (wanted !== lang) void setLanguage(wanted);
}

// First paint waits for the runtime configuration (launch gate) and the page language's catalogue;
// index.html preloads both beside main.js (tools/rspack/host.mjs), so no round trip follows main.js.
// Neither failing stops the page. Nothing but main.js, its CSS and those preloads comes before the
// first paint. A server-rendered page is painted already, and brings its configuration along.
const element = document.getElementById('root')!;
const lang = rendered?.lang ?? detectLanguage();
void Promise.all([
  rendered ? parseRuntimeConfig(rendered.config) : loadRuntimeConfig(),
  startI18n(lang)
    .catch((error: unknown) => console.error('[shell] translations unavailable', error))
    // A page that cannot be prepared is still taken over: React renders anew what does not match.
    .then(() => renderedShell && prepareShellPage(renderedShell, lang))
    .catch((error: unknown) => console.warn('[shell] the page could not be prepared for its takeover', error)),
]).then(([config]) => {
  const app = (
    <StrictMode>
      <App
        loader={loader}
        routes={routes}
        config={config}
        rendered={rendered ? { route: rendered.route, table: rendered.table } : undefined}
      />
    </StrictMode>
  );
  if (rendered) takeOver(element, app, lang);
  // In a transition: React renders the first page in slices that yield to the browser (no long
  // task while it builds the tree), then shows it whole.
  else startTransition(() => createRoot(element).render(app));
  startOpenedRemote(window.location.pathname);
});

registerServiceWorker();
