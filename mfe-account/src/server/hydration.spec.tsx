// The takeover of the server-rendered /auth (issue #39): hydrated without a mismatch, the server's
// nodes kept, what is typed before the remote's code arrives kept, and the form sends it.
import { act } from 'react';
import { configureApiClient, resetApiClient } from '@pupitre/api-client';
import { i18n, initI18n } from '@pupitre/i18n';
import { takeOverPage, type TakeOver } from '@pupitre/mf-runtime/src/server/testing';
import { clearSession, updateSession } from '@pupitre/session';
import { setRenderNow } from '@pupitre/ui';
import routes from '../routes';
import { accountRenderer } from './renderer';

const NOW = Date.UTC(2026, 10, 28, 12);
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await accountRenderer.prepare();
  initI18n('fr');
  await i18n.changeLanguage('fr');
});
let page: TakeOver | undefined;
let fetch: jest.Mock;
beforeEach(() => {
  localStorage.clear();
  clearSession();
  fetch = jest.fn(async () => ({ status: 401, ok: false, text: async () => '{"detail":"no"}' }));
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
});
afterEach(() => {
  act(() => page?.hydrated.unmount());
  page = undefined;
  resetApiClient();
  setRenderNow(null);
  document.body.innerHTML = '';
});

const takeOver = (beforeCode?: (root: HTMLElement) => void) =>
  takeOverPage(
    {
      remote: 'account',
      pattern: '/auth',
      at: '/auth',
      fragmentHtml: accountRenderer.render({ path: '/auth', lang: 'fr', reads: {}, now: NOW })!.html,
      reads: {},
      now: NOW,
      routes,
    },
    beforeCode,
  );

const type = (root: HTMLElement, selector: string, value: string) => {
  const field = root.querySelector<HTMLInputElement>(selector)!;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

test('typed before the code arrives: kept after the takeover, and sent by the form', async () => {
  let form: Element | null = null;
  page = await takeOver((root) => {
    form = root.querySelector('[data-testid="login-form"]');
    type(root, '#login-email', 'early@example.org');
    type(root, '#login-password', 'typed-before-takeover');
  });
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  const { root } = page;
  expect(root.querySelector('[data-testid="login-form"]')).toBe(form);
  expect(root.querySelector<HTMLInputElement>('#login-email')!.value).toBe('early@example.org');
  expect(root.querySelector<HTMLInputElement>('#login-password')!.value).toBe('typed-before-takeover');
  await act(async () => {
    root.querySelector<HTMLButtonElement>('[data-testid="login-form"] button[type="submit"]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  const login = fetch.mock.calls.find(([url]) => String(url).includes('/auth/token/'));
  expect(login).toBeDefined();
  expect(JSON.parse((login![1] as RequestInit).body as string)).toMatchObject({
    email: 'early@example.org',
    password: 'typed-before-takeover',
  });
});

test('a signed-in visitor: hydrated as the anonymous page, then sent on to their settings', async () => {
  updateSession({ email: 'a@b.c', access: 'tok', accessExpiry: Math.floor(NOW / 1000) + 3600 });
  page = await takeOver();
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  expect(page.root.querySelector('[data-testid="login-form"]')).toBeNull();
});
