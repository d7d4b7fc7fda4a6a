// Requests started ahead of the code that needs them, waiting to be handed over (./prefetch puts
// them here, `request` in ./client takes them). Keyed by method, path and whether the session's
// token goes with it, so a caller only ever gets the very answer it would have asked for. Each is
// handed over once (a later call, a "Try again", asks the service again); one that nobody takes
// within PREFETCH_TTL_MS is dropped, so stale data never outlives a slow start-up.
// Reads of a server-rendered page (issue #39, `primeServerReads`) are kept here too, keyed by path
// alone: the server rendered them anonymously, so they answer the first render whatever the
// session, and are handed over only to a request that would have been anonymous.
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
const serverKeyOf = (path: string) => `GET ${path} (server)`;
const isGet = (method: string) => method.toUpperCase() === 'GET';

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

/**
 * Keeps the reads a server-rendered page was rendered from (`{ "/api/teacher/1": body, … }`, the
 * page's data block) as 200 answers: the first render of a screen reading one of them shows it
 * (whatever the session: the server rendered it anonymously), and a visitor without a session's
 * request takes it (once) instead of asking again. Call it before hydrating the page.
 */
export function primeServerReads(reads: Readonly<Record<string, unknown>>): void {
  const expires = Date.now() + PREFETCH_TTL_MS;
  for (const [path, data] of Object.entries(reads)) {
    const outcome: ApiOutcome<unknown> = { kind: 'ok', status: 200, data };
    ahead.set(serverKeyOf(path), { promise: Promise.resolve(outcome), outcome, expires });
  }
}

/**
 * The answer of a request started ahead, when it is already in; it stays to be taken. A read the
 * server rendered the page from comes first: the first render must match the server's HTML.
 */
export function peekPrefetched<T>(method: string, path: string, auth: boolean): ApiOutcome<T> | undefined {
  const server = isGet(method) ? live(serverKeyOf(path))?.outcome : undefined;
  return (server ?? live(keyOf(method, path, auth))?.outcome) as ApiOutcome<T> | undefined;
}

/**
 * Hands over (once) a request started ahead, settled or not. A server read (`primeServerReads`) is
 * handed over when `anonymous` (the request would carry no token); otherwise it is dropped, and
 * the request goes out with the token (a signed-in visitor's own state replaces it).
 */
export function takePrefetched<T>(
  method: string,
  path: string,
  auth: boolean,
  { anonymous = true }: { anonymous?: boolean } = {},
): Promise<ApiOutcome<T>> | undefined {
  if (isGet(method)) {
    const server = live(serverKeyOf(path));
    ahead.delete(serverKeyOf(path));
    if (server && anonymous) return server.promise as Promise<ApiOutcome<T>>;
  }
  const key = keyOf(method, path, auth);
  const entry = live(key);
  ahead.delete(key);
  return entry?.promise as Promise<ApiOutcome<T>> | undefined;
}

/** The answer a server-rendered page was rendered from for `GET path`, while it waits to be taken. */
export function serverRead(path: string): ApiOutcome<unknown> | undefined {
  return live(serverKeyOf(path))?.outcome;
}

/** Whether a request started ahead is waiting (settled or not). */
export function isPrefetched(method: string, path: string, auth: boolean): boolean {
  return live(keyOf(method, path, auth)) !== undefined;
}

/** Forgets every request started ahead (tests). */
export function clearPrefetched(): void {
  ahead.clear();
}
