import { act, renderHook } from '@testing-library/react';
import { clearSession, getSession, isSignedIn, subscribe, updateSession, useSession } from './index';

beforeEach(() => localStorage.clear());

test('reads and writes the product keys in local storage', () => {
  updateSession({ email: 'a@b.c', access: 'A', refresh: 'R', accessExpiry: 1700000000, lang: 'es' });
  expect(localStorage.getItem('email')).toBe('a@b.c');
  expect(localStorage.getItem('access')).toBe('A');
  expect(localStorage.getItem('access-expiry')).toBe('1700000000');
  expect(localStorage.getItem('refresh')).toBe('R');
  expect(localStorage.getItem('lang')).toBe('es');
  expect(getSession()).toEqual({ email: 'a@b.c', access: 'A', refresh: 'R', accessExpiry: 1700000000, lang: 'es' });
  expect(isSignedIn()).toBe(true);
});

test('an empty storage is a signed-out session; a bad expiry reads as null', () => {
  expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, refresh: null, lang: null });
  expect(isSignedIn()).toBe(false);
  localStorage.setItem('access-expiry', 'soon');
  expect(getSession().accessExpiry).toBeNull();
});

test('undefined leaves a field, null removes it', () => {
  updateSession({ email: 'a@b.c', lang: 'fr' });
  updateSession({ email: undefined, lang: null });
  expect(getSession().email).toBe('a@b.c');
  expect(localStorage.getItem('lang')).toBeNull();
});

test('clearSession signs out and keeps the language', () => {
  updateSession({ email: 'a@b.c', access: 'A', refresh: 'R', accessExpiry: 1, lang: 'en' });
  clearSession();
  expect(getSession()).toEqual({ email: null, access: null, accessExpiry: null, refresh: null, lang: 'en' });
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
