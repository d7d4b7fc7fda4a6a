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

/** The current session, re-rendering on every change. */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
