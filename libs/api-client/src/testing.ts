// The one fake transport of the front ends' tests (jest only): the request helper wired to an
// answer function, with every answer checked against the HTTP contract of @pupitre/contracts
// (endpoints.ts) exactly as integration tests check the services' answers, so that a fake can
// never drift from what the services send. 5xx answers stand for a failing server and are not checked.
import { checkResponse } from '@pupitre/contracts';
import { configureApiClient } from './client';

/** Contract violations of the fakes' answers: each fails the test that made it (after it ran). */
const violations: string[] = [];
afterEach(() => {
  const found = violations.splice(0);
  if (found.length) throw new Error(`a fake answer breaks the HTTP contract:\n${found.join('\n')}`);
});

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

export type FakeAnswer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Wires the request helper to `answer(call)` (jsdom has no Response: a minimal stand-in), with
 * spies for navigation, popups and timers. Returns the calls made so far and the spies.
 */
export function fakeApi(answer: (call: FakeCall) => FakeAnswer, options: { currentPath?: () => string } = {}) {
  const calls: FakeCall[] = [];
  const navigate = jest.fn();
  const notify = jest.fn();
  const schedule = jest.fn();
  const fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const { status, body } = await answer(call);
    const text = body === undefined ? '' : JSON.stringify(body);
    if (status < 500) {
      try {
        checkResponse(call.method, url, status, body, text);
      } catch (err) {
        violations.push((err as Error).message);
        throw err;
      }
    }
    return { status, ok: status >= 200 && status < 300, text: async () => text } as unknown as Response;
  });
  configureApiClient({
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate,
    notify,
    schedule,
    currentPath: options.currentPath ?? (() => '/'),
  });
  return { calls, navigate, notify, schedule, fetch };
}

/** Answers by `"METHOD /path"` (or `"/path"` for a GET); anything else is a 502. */
export function fakeRoutes(answers: Record<string, { status: number; body?: unknown }>) {
  return fakeApi(
    (call) => answers[`${call.method} ${call.url}`] ?? (call.method === 'GET' ? answers[call.url] : undefined) ?? { status: 502 },
  );
}

/** A promise resolved from outside: holds a request "in flight" until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
