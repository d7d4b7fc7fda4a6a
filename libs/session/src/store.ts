// The browser session, kept in local storage under the keys the product has always used (so an
// older client and this one can share a browser): email, access, access-expiry, refresh, lang.
// A tiny subscribe API lets any micro-frontend react to sign-in, sign-out and language changes,
// including those made in another tab (the `storage` event).

import { SESSION_KEYS } from './keys';

export { SESSION_KEYS };

export interface Session {
  email: string | null;
  access: string | null;
  /** Expiry of the access token, in Unix seconds. */
  accessExpiry: number | null;
  refresh: string | null;
  lang: string | null;
}

export type SessionListener = (session: Session) => void;

const listeners = new Set<SessionListener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings): behave as an empty, read-only session.
    return null;
  }
}

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the session simply does not persist.
  }
}

export function getSession(): Session {
  const expiry = read(SESSION_KEYS.accessExpiry);
  const parsedExpiry = expiry === null ? null : Number(expiry);
  return {
    email: read(SESSION_KEYS.email),
    access: read(SESSION_KEYS.access),
    accessExpiry: parsedExpiry !== null && Number.isFinite(parsedExpiry) ? parsedExpiry : null,
    refresh: read(SESSION_KEYS.refresh),
    lang: read(SESSION_KEYS.lang),
  };
}

/** Signed in means an e-mail is held (the product's rule). */
export function isSignedIn(session: Session = getSession()): boolean {
  return Boolean(session.email);
}

function notify(): void {
  const session = getSession();
  for (const listener of [...listeners]) listener(session);
}

/** Writes the given fields; `null` removes a field, `undefined` leaves it alone. */
export function updateSession(patch: Partial<Session>): void {
  for (const [field, key] of Object.entries(SESSION_KEYS) as [keyof Session, string][]) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const value = patch[field];
    write(key, value === null ? null : String(value));
  }
  notify();
}

/** Signs out locally: removes e-mail and tokens, keeps the language. */
export function clearSession(): void {
  updateSession({ email: null, access: null, accessExpiry: null, refresh: null });
}

/**
 * What the product keeps of a user on the device besides the session, under this prefix: the review being written, and
 * whatever comes next. Everything of it goes at sign-out (forgetUser).
 */
export const USER_TRACE_PREFIX = 'pupitre:';

/**
 * Forgets the user on this device (sign-out): the session (the language stays: it is the device's), and every local
 * trace of theirs under USER_TRACE_PREFIX in local and session storage. A shared school computer keeps nothing of them.
 */
export function forgetUser(): void {
  for (const store of [storage(), sessionStorageOrNull()]) {
    if (!store) continue;
    try {
      for (const key of Object.keys(store)) if (key.startsWith(USER_TRACE_PREFIX)) store.removeItem(key);
    } catch {
      // storage disabled: nothing was kept
    }
  }
  clearSession();
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function subscribe(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const watchedKeys = new Set<string>(Object.values(SESSION_KEYS));
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || watchedKeys.has(event.key)) notify();
  });
}
