import { act, renderHook } from '@testing-library/react';
import { clearSession, getSession, isSignedIn, subscribe, takeLegacyRefresh, updateSession, useSession } from './index';

beforeEach(() => {
  clearSession();
  localStorage.clear();
});

test('the e-mail and the language go to local storage; the access token stays in memory (issue #38)', () => {
  updateSession({ email: 'a@b.c', access: 'A', accessExpiry: 1700000000, lang: 'es' });
  expect(localStorage.getItem('email')).toBe('a@b.c');
  expect(localStorage.getItem('lang')).toBe('es');
  expect(Object.keys(localStorage).sort()).toEqual(['email', 'lang']);
  expect(Object.keys(sessionStorage)).toEqual([]);
  expect(getSession()).toEqual({ email: 'a@b.c', access: 'A', accessExpiry: 1700000000, lang: 'es' });
  expect(isSignedIn()).toBe(true);
});

test('an empty storage is a signed-out session', () => {
  expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, lang: null });
  expect(isSignedIn()).toBe(false);
});

test('undefined leaves a field, null removes it', () => {
  updateSession({ email: 'a@b.c', lang: 'fr' });
  updateSession({ email: undefined, lang: null });
  expect(getSession().email).toBe('a@b.c');
  expect(localStorage.getItem('lang')).toBeNull();
});

test('clearSession signs out and keeps the language', () => {
  updateSession({ email: 'a@b.c', access: 'A', accessExpiry: 1, lang: 'en' });
  clearSession();
  expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, lang: 'en' });
});

test('a token held for one account is never read as another one’s (another tab signed out, then in as someone else)', () => {
  updateSession({ email: 'a@b.c', access: 'A', accessExpiry: 1 });
  localStorage.removeItem('email');
  expect(getSession().access).toBeNull();
  localStorage.setItem('email', 'a@b.c');
  updateSession({ email: 'x@y.z' });
  expect(getSession()).toMatchObject({ email: 'x@y.z', access: null });
});

test('subscribers hear every change until they unsubscribe', () => {
  const listener = jest.fn();
  const stop = subscribe(listener);
  updateSession({ email: 'x@y.z' });
  expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'x@y.z' }));
  stop();
  clearSession();
  expect(listener).toHaveBeenCalledTimes(1);
});

test('changes from another tab (storage event) are announced', () => {
  const listener = jest.fn();
  const stop = subscribe(listener);
  localStorage.setItem('email', 'other@tab.fr');
  window.dispatchEvent(new StorageEvent('storage', { key: 'email' }));
  window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated' }));
  expect(listener).toHaveBeenCalledTimes(1);
  stop();
});

test('useSession re-renders on change', () => {
  const { result } = renderHook(() => useSession());
  expect(result.current.email).toBeNull();
  act(() => updateSession({ email: 'a@b.c' }));
  expect(result.current.email).toBe('a@b.c');
});

test('tokens an earlier version left in local storage are removed at load; its refresh token is handed out once', () => {
  jest.isolateModules(() => {
    localStorage.setItem('email', 'a@b.c');
    localStorage.setItem('access', 'A');
    localStorage.setItem('access-expiry', '1');
    localStorage.setItem('refresh', 'R-old');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fresh = require('./store') as typeof import('./store');
    expect(Object.keys(localStorage)).toEqual(['email']);
    expect(fresh.takeLegacyRefresh()).toBe('R-old');
    expect(fresh.takeLegacyRefresh()).toBeNull();
  });
  expect(takeLegacyRefresh()).toBeNull();
});

test('a signed-out session is the server snapshot itself: hydrating server HTML renders its readers once, not again at once (issue #39)', async () => {
  const { createElement } = await import('react');
  const { hydrateRoot } = await import('react-dom/client');
  const { renderToString } = await import('react-dom/server');
  const renders: (string | null)[] = [];
  function Reader() {
    const session = useSession();
    renders.push(session.email);
    return createElement('p', null, session.email ?? 'signed out');
  }
  const host = document.createElement('div');
  host.innerHTML = renderToString(createElement(Reader));
  document.body.append(host);
  renders.length = 0;
  await act(async () => void hydrateRoot(host, createElement(Reader)));
  expect(renders).toEqual([null]);
  act(() => updateSession({ email: 'a@b.c' }));
  expect(renders.at(-1)).toBe('a@b.c');
  host.remove();
});
