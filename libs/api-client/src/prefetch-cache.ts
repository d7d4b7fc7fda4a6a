// Requests started ahead of the code that needs them, waiting to be handed over (./prefetch puts
// them here, `request` in ./client takes them). Keyed by method, path and whether the session's
// token goes with it, so a caller only ever gets the very answer it would have asked for. Each is
// handed over once (a later call, a "Try again", asks the service again); one that nobody takes
// within PREFETCH_TTL_MS is dropped, so stale data never outlives a slow start-up.
import type { ApiOutcome } from './client';

export const PREFETCH_TTL_MS = 30_000;

interface Ahead {
  promise: Promise<ApiOutcome<unknown>>;
  /** The outcome once the answer is in (read synchronously by a screen's first render). */
  outcome?: ApiOutcome<unknown>;
  expires: number;
}

const ahead = new Map<string, Ahead>();
const keyOf = (method: string, path: string, auth: boolean) => `${method.toUpperCase()} ${path}${auth ? '' : ' (no token)'}`;

function live(key: string, now = Date.now()): Ahead | undefined {
  const entry = ahead.get(key);
  if (entry && entry.expires <= now) ahead.delete(key);
  return entry && entry.expires > now ? entry : undefined;
}

/** Keeps `start()`'s answer for the next caller of the same request; an entry already waiting is kept. */
export function putPrefetched(
  method: string,
  path: string,
  auth: boolean,
  start: () => Promise<ApiOutcome<unknown>>,
): Promise<ApiOutcome<unknown>> {
  const key = keyOf(method, path, auth);
  const known = live(key);
  if (known) return known.promise;
  const entry: Ahead = { promise: start(), expires: Date.now() + PREFETCH_TTL_MS };
  entry.promise.then((outcome) => (entry.outcome = outcome)).catch(() => ahead.delete(key));
  ahead.set(key, entry);
  return entry.promise;
}

/** The answer of a request started ahead, when it is already in; it stays to be taken. */
export function peekPrefetched<T>(method: string, path: string, auth: boolean): ApiOutcome<T> | undefined {
  return live(keyOf(method, path, auth))?.outcome as ApiOutcome<T> | undefined;
}

/** Hands over (once) a request started ahead, settled or not. */
export function takePrefetched<T>(method: string, path: string, auth: boolean): Promise<ApiOutcome<T>> | undefined {
  const key = keyOf(method, path, auth);
  const entry = live(key);
  ahead.delete(key);
  return entry?.promise as Promise<ApiOutcome<T>> | undefined;
}

/** Whether a request started ahead is waiting (settled or not). */
export function isPrefetched(method: string, path: string, auth: boolean): boolean {
  return live(keyOf(method, path, auth)) !== undefined;
}

/** Forgets every request started ahead (tests). */
export function clearPrefetched(): void {
  ahead.clear();
}
