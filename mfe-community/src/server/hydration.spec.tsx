// The takeover at the library level (issue #39): the composer's page (the shell's RemoteRoute in
// server mode, its placeholder replaced by the renderer's fragment) hydrated by the client's tree
// (the reads primed from the data block, RemoteRoute hydrating, the remote's code arriving later):
// no mismatch, and the server's DOM nodes are the ones left on screen.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { configureApiClient, primeServerReads, resetApiClient } from '@pupitre/api-client';
import { i18n, initI18n } from '@pupitre/i18n';
import { RemoteLoaderProvider, type RemoteLoader } from '@pupitre/mf-runtime';
import { composedPage, delayedLoader, ShellPage, takeOverPage } from '@pupitre/mf-runtime/src/server/testing';
import { updateSession, clearSession } from '@pupitre/session';
import { setRenderNow } from '@pupitre/ui';
import routes from '../routes';
import { COMMUNITY, RANKING, TEACHER_PATH, TEACHER_READS } from './fixtures';
import { communityRenderer } from './renderer';

const { prepare: prepareRenderer, render: renderRoute } = communityRenderer;

const NOW = Date.UTC(2026, 10, 28, 12);
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The shell's page around the remote's route (`at`: the pathname; its pattern is the route). */
function Page({ mode, at = TEACHER_PATH }: { mode: 'server' | 'hydrating'; at?: string }) {
  return <ShellPage mode={mode} remote="community" pattern={at.startsWith('/teacher/') ? '/teacher/:id' : at} at={at} />;
}

/** The composer's answer: the shell's HTML with the renderer's fragment in the slot. */
function composedTeacherPage(): string {
  const fragment = renderRoute({ path: TEACHER_PATH, lang: 'fr', reads: TEACHER_READS, now: NOW })!;
  return composedPage({ remote: 'community', pattern: '/teacher/:id', at: TEACHER_PATH }, fragment.html);
}

beforeAll(async () => {
  await prepareRenderer();
  initI18n('fr');
  await i18n.changeLanguage('fr');
});
beforeEach(() => {
  localStorage.clear();
  clearSession();
});
let hydrated: Root | undefined;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  resetApiClient();
  setRenderNow(null);
  document.body.innerHTML = '';
});

async function takeOver(signedIn: boolean) {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = composedTeacherPage();
  document.body.append(root);
  const h1 = root.querySelector('h1')!;
  const firstCard = root.querySelector('[data-testid="review-card"]')!;
  expect(h1.textContent).toBe('Mme Durand');

  // The API answers the same reads (a signed-in visitor's own state would differ only in their votes).
  const fetch = jest.fn(async (url: string) => ({
    status: 200,
    ok: true,
    text: async () => JSON.stringify(TEACHER_READS[url as keyof typeof TEACHER_READS]),
  }));
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  if (signedIn) updateSession({ email: 'a@b.c', access: 'tok', accessExpiry: Math.floor(NOW / 1000) + 3600 });

  // What main.js does with the data block before hydrateRoot.
  primeServerReads(TEACHER_READS);
  setRenderNow(NOW);
  const loader = delayedLoader(routes);
  const recoverable: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error');
  await act(async () => {
    hydrated = hydrateRoot(
      root,
      <RemoteLoaderProvider loader={loader}>
        <Page mode="hydrating" />
      </RemoteLoaderProvider>,
      { onRecoverableError: (error) => recoverable.push(error) },
    );
  });
  // The remote's code is not in yet: the server's HTML stays as it is.
  expect(root.querySelector('h1')).toBe(h1);
  await act(async () => {
    loader.release();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(recoverable).toEqual([]);
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
  // Hydrated, not replaced: the very same nodes, with the content shown.
  expect(root.querySelector('h1')).toBe(h1);
  expect(root.querySelector('[data-testid="review-card"]')).toBe(firstCard);
  expect(root.querySelector('[data-testid="remote-loading"]')).toBeNull();
  expect(root.querySelector('[data-testid="remote-fallback"]')).toBeNull();
  expect(root.textContent).toContain('Review number 1');
  return { root, h1, fetch };
}

test('a visitor without a session: hydrated without a mismatch, the same nodes, and no second request', async () => {
  const { fetch } = await takeOver(false);
  expect(fetch).not.toHaveBeenCalled();
});

test('a signed-in visitor: hydrated as the anonymous page, then their own reads go out with the token', async () => {
  const { fetch } = await takeOver(true);
  expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(Object.keys(TEACHER_READS).sort());
  for (const [, init] of fetch.mock.calls as unknown as [string, RequestInit][])
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
});

describe.each([
  ['/communaute', { '/api/rating/community': COMMUNITY, '/api/teachers/ranking': RANKING }, '[data-testid="categories"]'],
  ['/ranking', { '/api/teachers/ranking': RANKING }, '[data-testid="ranking-list"]'],
])('%s', (pathname, reads, largest) => {
  test('hydrated without a mismatch: the same nodes, no request, for a visitor without a session', async () => {
    const fetch = jest.fn();
    configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const seen: Element[] = [];
    const page = await takeOverPage(
      {
        remote: 'community',
        pattern: pathname,
        at: pathname,
        fragmentHtml: renderRoute({ path: pathname, lang: 'fr', reads, now: NOW })!.html,
        reads,
        now: NOW,
        routes,
      },
      (root) => void seen.push(root.querySelector('h1')!, root.querySelector(largest)!),
    );
    hydrated = page.hydrated;
    expect(page.recoverable).toEqual([]);
    expect(page.consoleErrors).toEqual([]);
    expect(seen[1]).not.toBeNull();
    expect(page.root.querySelector('h1')).toBe(seen[0]);
    expect(page.root.querySelector(largest)).toBe(seen[1]);
    expect(fetch).not.toHaveBeenCalled();
  });
});

test("the remote's code failing to load: the fallback panel replaces the server's fragment, the page does not crash", async () => {
  const root = document.createElement('div');
  root.innerHTML = composedTeacherPage();
  document.body.append(root);
  const header = root.querySelector('header')!;
  primeServerReads(TEACHER_READS);
  setRenderNow(NOW);
  const loader: RemoteLoader = { load: () => Promise.reject(new Error('down')), peek: () => undefined, invalidate: () => undefined };
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    hydrated = hydrateRoot(
      root,
      <RemoteLoaderProvider loader={loader}>
        <Page mode="hydrating" />
      </RemoteLoaderProvider>,
      { onRecoverableError: () => undefined },
    );
  });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  consoleError.mockRestore();
  expect(root.querySelector('[data-testid="remote-fallback"]')).not.toBeNull();
  expect(root.querySelector('header')).toBe(header); // the shell around it is kept
});
