// Test helper (jsdom specs only, never shipped): the takeover of a server-rendered remote page at the
// library level (issue #39). The composer's page (the shell's RemoteRoute in server mode, its
// placeholder replaced by the renderer's fragment) is hydrated by the client's tree (the reads primed
// from the data block, RemoteRoute hydrating), with the remote's code arriving only on `release()`.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApiClient, primeServerReads, resetApiClient } from '@pupitre/api-client';
import { i18n, initI18n } from '@pupitre/i18n';
import { clearSession } from '@pupitre/session';
import { setRenderNow } from '@pupitre/ui';
import { type RemoteLoader, type RemoteRouteMap } from '../loader';
import { type RemoteName } from '../remote-names';
import { RemoteLoaderProvider, RemoteRenderModeProvider, RemoteRoute, SERVER_SLOT_HTML } from '../RemoteRoute';
import { type RouteRenderer } from './render-route';

export interface ShellPageProps {
  mode: 'server' | 'hydrating';
  remote: RemoteName;
  /** The route pattern (`/teacher/:id`). */
  pattern: string;
  /** The pathname (`/teacher/1`). */
  at: string;
}

/** The shell's page around the remote's route. */
export function ShellPage({ mode, remote, pattern, at }: ShellPageProps) {
  return (
    <RemoteRenderModeProvider value={{ mode, path: pattern }}>
      <MemoryRouter initialEntries={[at]}>
        <header>
          <a href="/">Pupitre</a>
        </header>
        <main id="main">
          <Routes>
            <Route path={pattern} element={<RemoteRoute remote={remote} path={pattern} />} />
          </Routes>
        </main>
      </MemoryRouter>
    </RemoteRenderModeProvider>
  );
}

/** The composer's answer: the shell's HTML with the renderer's fragment in the slot. */
export function composedPage(page: Omit<ShellPageProps, 'mode'>, fragmentHtml: string): string {
  const shell = renderToString(<ShellPage mode="server" {...page} />);
  if (shell.split(SERVER_SLOT_HTML).length !== 2) throw new Error('composedPage: the slot is not there once');
  return shell.replace(SERVER_SLOT_HTML, fragmentHtml);
}

/** A loader whose remote arrives on `release()`. */
export function delayedLoader(routes: RemoteRouteMap): RemoteLoader & { release: () => void } {
  let loaded: RemoteRouteMap | undefined;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    load: () => gate.then(() => (loaded = routes)),
    peek: () => loaded,
    invalidate: () => (loaded = undefined),
    release,
  };
}

export interface TakeOver {
  root: HTMLElement;
  /** The hydrated React root (unmount it after the test). */
  hydrated: Root;
  /** What React reported as recoverable (a mismatch is one) and what went to console.error. */
  recoverable: unknown[];
  consoleErrors: unknown[][];
}

/**
 * Puts the composed page in the document, does what main.js does with the data block before
 * hydrateRoot, hydrates; `beforeCode(root)` runs while the remote's code is still held (the
 * server's HTML on screen), then the code arrives.
 */
export async function takeOverPage(
  page: Omit<ShellPageProps, 'mode'> & { fragmentHtml: string; reads: Record<string, unknown>; now: number; routes: RemoteRouteMap },
  beforeCode: (root: HTMLElement) => void | Promise<void> = () => undefined,
): Promise<TakeOver> {
  const { fragmentHtml, reads, now, routes, ...shell } = page;
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = composedPage(shell, fragmentHtml);
  document.body.append(root);
  primeServerReads(reads);
  setRenderNow(now);
  const loader = delayedLoader(routes);
  const recoverable: unknown[] = [];
  const consoleErrors: unknown[][] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void consoleErrors.push(args));
  let hydrated!: Root;
  try {
    await act(async () => {
      hydrated = hydrateRoot(
        root,
        <RemoteLoaderProvider loader={loader}>
          <ShellPage mode="hydrating" {...shell} />
        </RemoteLoaderProvider>,
        { onRecoverableError: (error) => void recoverable.push(error) },
      );
    });
    await act(async () => {
      await beforeCode(root);
    });
    await act(async () => {
      loader.release();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  } finally {
    consoleError.mockRestore();
  }
  return { root, hydrated, recoverable, consoleErrors };
}

export const TAKEOVER_NOW = Date.UTC(2026, 10, 28, 12);

/**
 * The page at `at` as `renderer` renders it (in French, at TAKEOVER_NOW), taken over by the client:
 * `takeOverPage` for one of the remote's rendered routes.
 */
export function takeOverRoute(
  { renderer, routes, at, reads }: { renderer: RouteRenderer; routes: RemoteRouteMap; at: string; reads: Record<string, unknown> },
  beforeCode?: (root: HTMLElement) => void | Promise<void>,
): Promise<TakeOver> {
  const rendered = renderer.render({ path: at, lang: 'fr', reads, now: TAKEOVER_NOW });
  if (!rendered) throw new Error(`takeOverRoute: ${renderer.remote} does not render ${at}`);
  return takeOverPage(
    { remote: renderer.remote as RemoteName, pattern: rendered.route, at, fragmentHtml: rendered.html, reads, now: TAKEOVER_NOW, routes },
    beforeCode,
  );
}

/**
 * The jest hooks of a takeover spec: the renderer and the page's i18n ready (French), a clean device
 * (no session, nothing stored), the API answering `answer` to every request (`state.fetch` records
 * them); the page taken over in a test (`state.page`) is unmounted after it.
 */
export function takeOverHooks(renderer: RouteRenderer, answer: { status: number; body: unknown }) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const state: { fetch: jest.Mock; page?: TakeOver } = { fetch: jest.fn() };
  beforeAll(async () => {
    await renderer.prepare();
    initI18n('fr');
    await i18n.changeLanguage('fr');
  });
  beforeEach(() => {
    localStorage.clear();
    clearSession();
    state.fetch = jest.fn(async () => ({ status: answer.status, ok: answer.status < 300, text: async () => JSON.stringify(answer.body) }));
    configureApiClient({ fetch: state.fetch as unknown as typeof globalThis.fetch });
  });
  afterEach(() => {
    const { page } = state;
    act(() => page?.hydrated.unmount());
    state.page = undefined;
    resetApiClient();
    setRenderNow(null);
    document.body.innerHTML = '';
  });
  return state;
}
