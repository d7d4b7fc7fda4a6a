// The one request helper of the front ends. Every call goes to the page's own origin (`/api/...`,
// `/auth/...`, routed by the gateway or the Ingress) with the session's bearer token, and every
// answer becomes a typed outcome following the product's status rules (spec, section 8):
//   200/201 → ok (JSON) · 204 → no-content · 400 → bad-request (body kept for details)
//   401 → unauthorized: the session is cleared and the browser goes to /auth
//   404 → not-found (popup, then home after 3 s) · 409 → conflict (collision popup)
//   429 → throttled (popup, with Retry-After) · 500 → fatal (popup) · any other status → home
//   network failure → fatal, or the copy kept from an earlier answer (`keep`, offline-copies.ts)
// What "go to", "popup" and "later" mean is injected by the host (`configureApiClient`), so the
// shell wires the router and its notification area, and tests wire spies.
import { clearSession, getSession } from '@pupitre/session';
import { dropCopies, keepCopy, readCopy } from './offline-copies';
import { takePrefetched } from './prefetch-cache';

export type ApiOutcome<T> =
  /** `storedAt`: the answer is the copy kept at that moment (offline), not a fresh one. */
  | { kind: 'ok'; status: 200 | 201; data: T; storedAt?: number }
  | { kind: 'no-content'; status: 204 }
  | { kind: 'bad-request'; status: 400; body: unknown }
  | { kind: 'unauthorized'; status: 401; body: unknown }
  | { kind: 'not-found'; status: 404; body: unknown }
  | { kind: 'conflict'; status: 409; body: unknown }
  /** `retryAfter`: seconds to wait, when the service says. */
  | { kind: 'throttled'; status: 429; retryAfter: number | null }
  | { kind: 'fatal'; status: number | null; error?: unknown }
  | { kind: 'redirected'; status: number };

export type ApiOutcomeKind = ApiOutcome<unknown>['kind'];

/** Translation keys (namespace `common`) of the popups the helper raises. */
export type ApiPopupKey = 'Error.404' | 'Error.collision' | 'Error.fatal' | 'Error.throttled';

/**
 * Error keys the services answer with (`{"error": key}`) that have a translated popup
 * (`Error.<key>` in the `common` namespace).
 */
export const API_ERROR_POPUPS = {
  'duplicate-review': 'Error.duplicate-review',
  'wrong-teacher': 'Error.wrong-teacher',
  'wrong-subject': 'Error.wrong-subject',
  'wrong-year': 'Error.wrong-year',
  'incorrect-grade': 'Error.incorrect-grade',
  'incorrect-overall': 'Error.incorrect-overall',
  ReviewFormIdentical: 'Error.ReviewFormIdentical',
  'text-rating-forbidden-characters': 'Error.text-rating-forbidden-characters',
} as const;

/** The popup key for an error body (`{"error": "wrong-year"}` → `Error.wrong-year`), else fatal. */
export function errorPopupKey(body: unknown): string {
  const key = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof key === 'string' && key in API_ERROR_POPUPS ? API_ERROR_POPUPS[key as keyof typeof API_ERROR_POPUPS] : 'Error.fatal';
}

export interface ApiReactions {
  /** Client-side navigation (the shell passes react-router's navigate). */
  navigate: (path: string) => void;
  /** Shows a translated error popup. */
  notify: (key: ApiPopupKey) => void;
  /** Current path, to avoid sending /auth to /auth. */
  currentPath: () => string;
  /** Timer used for "return home after 3 s" (injectable for tests). */
  schedule: (fn: () => void, ms: number) => void;
}

export interface ApiClientConfig extends ApiReactions {
  /** Prefix of every path; '' = same origin. */
  baseUrl: string;
  fetch: typeof fetch;
}

export const NOT_FOUND_RETURN_MS = 3000;

const defaultConfig = (): ApiClientConfig => ({
  baseUrl: '',
  fetch: (...args) => globalThis.fetch(...args),
  navigate: (path) => window.location.assign(path),
  notify: () => undefined,
  currentPath: () => window.location.pathname,
  schedule: (fn, ms) => void setTimeout(fn, ms),
});

let config: ApiClientConfig = defaultConfig();

/** Wires the reactions (navigation, popups) and transport; unspecified parts keep their value. */
export function configureApiClient(patch: Partial<ApiClientConfig>): void {
  config = { ...config, ...patch };
}

/** Back to the built-in defaults (tests). */
export function resetApiClient(): void {
  config = defaultConfig();
}

export interface RequestOptions {
  /** JSON body (serialised here). */
  body?: unknown;
  /** Send the bearer token when the session has one (default true). */
  auth?: boolean;
  /**
   * `false` turns off the page-level reactions (navigation, popups) for calls whose failure the
   * caller shows itself, e.g. a health probe; the outcome is the same. Default true.
   */
  react?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * GET of public data only: keep a copy of the answer, and answer with it (and its `storedAt`)
   * when the network fails, instead of a fatal error.
   */
  keep?: boolean;
}

/**
 * Called before a request that carries the bearer token (set by ./tokens: refreshes an access token
 * about to expire, single-flight). Never called for `auth: false` requests.
 */
let beforeAuthenticated: () => Promise<unknown> = async () => undefined;
export function setBeforeAuthenticatedRequest(hook: () => Promise<unknown>): void {
  beforeAuthenticated = hook;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request and reads its answer into an outcome, with no page-level reaction (a 401 still
 * ends the session). `request` is this plus the reactions; a prefetch (./prefetch) is this alone,
 * its reactions applied by the code that takes its outcome.
 */
export async function fetchOutcome<T = unknown>(
  method: string,
  path: string,
  options: Omit<RequestOptions, 'react'> = {},
): Promise<ApiOutcome<T>> {
  const { body, auth = true, signal, keep = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // Signed in (an e-mail held): a page that has no token yet in memory (a reload) gets one first.
  if (auth && getSession().email) await beforeAuthenticated().catch(() => undefined);
  const access = auth ? getSession().access : null;
  if (access) headers.Authorization = `Bearer ${access}`;

  let response: Response;
  try {
    response = await config.fetch(`${config.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === 'AbortError';
    const copy = keep && !aborted ? await readCopy(path, getSession().email ?? '') : null;
    if (copy) return { kind: 'ok', status: 200, data: copy.body as T, storedAt: copy.at };
    return { kind: 'fatal', status: null, error };
  }

  const status = response.status;
  switch (status) {
    case 200:
    case 201: {
      const data = await readBody(response);
      if (keep && method === 'GET') void keepCopy(path, data, getSession().email ?? '');
      return { kind: 'ok', status, data: data as T };
    }
    case 204:
      return { kind: 'no-content', status };
    case 400:
      return { kind: 'bad-request', status, body: await readBody(response) };
    case 401: {
      const payload = await readBody(response);
      clearSession();
      void dropCopies();
      return { kind: 'unauthorized', status, body: payload };
    }
    case 404:
      return { kind: 'not-found', status, body: await readBody(response) };
    case 409:
      return { kind: 'conflict', status, body: await readBody(response) };
    case 429: {
      const seconds = Number(response.headers?.get?.('Retry-After'));
      return { kind: 'throttled', status, retryAfter: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
    }
    case 500:
      return { kind: 'fatal', status };
    default:
      return { kind: 'redirected', status };
  }
}

/**
 * A prefetched answer handled as if the caller had sent it (the prefetch does not know whether its
 * caller keeps an offline copy): kept when it came in, the kept copy when the network failed.
 */
async function withCopy<T>(path: string, outcome: ApiOutcome<T>, keep: boolean): Promise<ApiOutcome<T>> {
  if (!keep) return outcome;
  const owner = getSession().email ?? '';
  if (outcome.kind === 'ok' && outcome.storedAt === undefined) void keepCopy(path, outcome.data, owner);
  if (outcome.kind !== 'fatal' || outcome.status !== null) return outcome;
  if (outcome.error instanceof DOMException && outcome.error.name === 'AbortError') return outcome;
  const copy = await readCopy(path, owner);
  return copy ? { kind: 'ok', status: 200, data: copy.body as T, storedAt: copy.at } : outcome;
}

/** The page-level reaction to an outcome (spec, section 8): navigation or popup. */
export function reactTo(outcome: ApiOutcome<unknown>): void {
  switch (outcome.kind) {
    case 'unauthorized':
      if (!config.currentPath().startsWith('/auth')) config.navigate('/auth');
      return;
    case 'not-found':
      config.notify('Error.404');
      config.schedule(() => config.navigate('/'), NOT_FOUND_RETURN_MS);
      return;
    case 'conflict':
      config.notify('Error.collision');
      return;
    case 'throttled':
      config.notify('Error.throttled');
      return;
    case 'fatal':
      // An abort is the caller's own doing: no popup.
      if (!(outcome.error instanceof DOMException && outcome.error.name === 'AbortError')) config.notify('Error.fatal');
      return;
    case 'redirected':
      config.navigate('/');
      return;
    default:
      return;
  }
}

export async function request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiOutcome<T>> {
  const { react = true } = options;
  // A GET started ahead of its caller (./prefetch: the shell, at start-up, for the route being
  // opened) is answered from there: it is sent once.
  // A read the page was server-rendered from (primeServerReads) answers only an anonymous request.
  const auth = options.auth ?? true;
  const anonymous = !(auth && getSession().email);
  const ahead = options.body === undefined ? takePrefetched<T>(method, path, auth, { anonymous }) : undefined;
  const outcome = ahead ? await withCopy(path, await ahead, options.keep ?? false) : await fetchOutcome<T>(method, path, options);
  if (react) reactTo(outcome);
  return outcome;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
