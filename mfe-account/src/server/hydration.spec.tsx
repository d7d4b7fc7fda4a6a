// The takeover of the server-rendered /auth (issue #39): hydrated without a mismatch, the server's
// nodes kept, what is typed before the remote's code arrives kept, and the form sends it.
import { act } from 'react';
import { TAKEOVER_NOW, takeOverHooks, takeOverRoute } from '@pupitre/mf-runtime/src/server/testing';
import { updateSession } from '@pupitre/session';
import routes from '../routes';
import { accountRenderer } from './renderer';

const NOW = TAKEOVER_NOW;
const state = takeOverHooks(accountRenderer, { status: 401, body: { detail: 'no' } });
const takeOver = async (beforeCode?: (root: HTMLElement) => void) =>
  (state.page = await takeOverRoute({ renderer: accountRenderer, routes, at: '/auth', reads: {} }, beforeCode));

const type = (root: HTMLElement, selector: string, value: string) => {
  const field = root.querySelector<HTMLInputElement>(selector)!;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
};

test('typed before the code arrives: kept after the takeover, and sent by the form', async () => {
  let form: Element | null = null;
  const page = await takeOver((root) => {
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
  const login = state.fetch.mock.calls.find(([url]) => String(url).includes('/auth/token/'));
  expect(login).toBeDefined();
  expect(JSON.parse((login![1] as RequestInit).body as string)).toMatchObject({
    email: 'early@example.org',
    password: 'typed-before-takeover',
  });
});

test('a signed-in visitor: hydrated as the anonymous page, then sent on to their settings', async () => {
  updateSession({ email: 'a@b.c', access: 'tok', accessExpiry: Math.floor(NOW / 1000) + 3600 });
  const page = await takeOver();
  expect(page.recoverable).toEqual([]);
  expect(page.consoleErrors).toEqual([]);
  expect(page.root.querySelector('[data-testid="login-form"]')).toBeNull();
});
