import { useSyncExternalStore } from 'react';
import { getSession, subscribe, type Session } from './store';

let snapshot: Session = getSession();
let snapshotKey = JSON.stringify(snapshot);

function getSnapshot(): Session {
  const fresh = getSession();
  const key = JSON.stringify(fresh);
  if (key !== snapshotKey) {
    snapshot = fresh;
    snapshotKey = key;
  }
  return snapshot;
}

/**
 * What the server renders and what hydration renders first (issue #39): a signed-out visitor (the
 * server HTML is public). The language is the one being rendered, which i18next holds, not this.
 */
const SERVER_SNAPSHOT: Session = Object.freeze({ email: null, access: null, accessExpiry: null, lang: null });

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
