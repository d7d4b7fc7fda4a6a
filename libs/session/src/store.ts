// The browser session. The e-mail (signed in or not) and the language are kept in local storage under
// the keys the product has always used; the access token and its expiry are kept in this module's
// memory only, shared by the shell and every remote (this library is a federation singleton), and a
// reload gets a new one from the HttpOnly refresh cookie that no script can read (issue #38,
// docs/decisions/0013). A tiny subscribe API lets any micro-frontend react to sign-in, sign-out and
// language changes, including those made in another tab (the `storage` event).

import { LEGACY_TOKEN_KEYS, LOGOUT_PENDING_KEY, SESSION_KEYS } from './keys';

export { LEGACY_TOKEN_KEYS, LOGOUT_PENDING_KEY, SESSION_KEYS };

export interface Session {
  email: string | null;
  /** The access token, in memory only. */
  access: string | null;
  /** Expiry of the access token, in Unix seconds. */
  accessExpiry: number | null;
  lang: string | null;
}

/** The access token and whose it is (in memory only: a script of another page never sees it). */
let memory: { access: string | null; accessExpiry: number | null; email: string | null } = {
  access: null,
  accessExpiry: null,
  email: null,
};

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
  const email = read(SESSION_KEYS.email);
  // A token held for someone else (another tab signed out, or in as another person) is not this session's.
  const held = email !== null && memory.email === email;
  return {
    email,
    access: held ? memory.access : null,
    accessExpiry: held ? memory.accessExpiry : null,
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
  for (const [field, key] of Object.entries(SESSION_KEYS) as [keyof typeof SESSION_KEYS, string][]) {
    if (!(field in patch) || patch[field] === undefined) continue;
    const value = patch[field];
    write(key, value === null ? null : String(value));
  }
  const email = read(SESSION_KEYS.email);
  if (email !== memory.email) memory = { access: null, accessExpiry: null, email };
  if (patch.access !== undefined) memory.access = patch.access;
  if (patch.accessExpiry !== undefined) memory.accessExpiry = patch.accessExpiry;
  notify();
}

/** Signs out locally: removes the e-mail and forgets the token, keeps the language. */
export function clearSession(): void {
  legacyRefresh = null;
  updateSession({ email: null, access: null, accessExpiry: null });
}

/**
 * A refresh token an earlier version left in local storage, handed out once: the first refresh sends it
 * in the body and asks for the cookie, which moves that session out of scripts' reach without a new
 * sign-in. The storage keys themselves are removed when this module loads.
 */
let legacyRefresh: string | null = null;
export function takeLegacyRefresh(): string | null {
  const token = legacyRefresh;
  legacyRefresh = null;
  return token;
}

/** The server has not yet been told of a logout (the cookie may still hold that session): see LOGOUT_PENDING_KEY. */
export const logoutPending = (): boolean => read(LOGOUT_PENDING_KEY) !== null;
export function setLogoutPending(pending: boolean): void {
  write(LOGOUT_PENDING_KEY, pending ? '1' : null);
}

function dropLegacyTokens(): void {
  const store = storage();
  if (!store) return;
  try {
    const refresh = store.getItem('refresh');
    if (refresh && store.getItem(SESSION_KEYS.email)) legacyRefresh = refresh;
    for (const key of LEGACY_TOKEN_KEYS) store.removeItem(key);
  } catch {
    // storage disabled: nothing was kept
  }
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
  dropLegacyTokens();
  window.addEventListener('storage', (event) => {
    if (event.key === null || watchedKeys.has(event.key)) notify();
  });
}
