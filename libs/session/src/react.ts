import { useSyncExternalStore } from 'react';
import { getSession, subscribe, type Session } from './store';

/**
 * What the server renders and what hydration renders first (issue #39): a signed-out visitor (the
 * server HTML is public). The language is the one being rendered, which i18next holds, not this.
 */
const SERVER_SNAPSHOT: Session = Object.freeze({ email: null, access: null, accessExpiry: null, lang: null });
const SERVER_KEY = JSON.stringify(SERVER_SNAPSHOT);

// A signed-out session is the server's very object: hydrating then moves no snapshot, and React does not render every
// reader of the session again, synchronously, right after the takeover (one long task on a slow phone).
let snapshot: Session = SERVER_SNAPSHOT;
let snapshotKey = SERVER_KEY;

function getSnapshot(): Session {
  const fresh = getSession();
  const key = JSON.stringify(fresh);
  if (key !== snapshotKey) {
    snapshot = key === SERVER_KEY ? SERVER_SNAPSHOT : fresh;
    snapshotKey = key;
  }
  return snapshot;
}

/** The server session: signed out. */
export function getServerSession(): Session {
  return SERVER_SNAPSHOT;
}

/**
 * The current session, re-rendering on every change. On the server, and during hydration of
 * server HTML, it is the signed-out session; a signed-in visitor's own state fills in right after.
 */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSession);
}
