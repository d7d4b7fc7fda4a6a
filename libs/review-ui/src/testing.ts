// Test helpers shared by the review-ui, mfe-community and mfe-review specs (jest only).
import { configureApiClient } from '@pupitre/api-client';

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

export type FakeAnswer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Wires the request helper to `answer(call)` (jsdom has no Response: a minimal stand-in), with
 * spies for navigation and popups. Returns the calls made so far and the spies.
 */
export function fakeApi(answer: (call: FakeCall) => FakeAnswer) {
  const calls: FakeCall[] = [];
  const navigate = jest.fn();
  const notify = jest.fn();
  const fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(call);
    const { status, body } = await answer(call);
    const text = body === undefined ? '' : JSON.stringify(body);
    return { status, ok: status >= 200 && status < 300, text: async () => text } as unknown as Response;
  });
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, navigate, notify, schedule: jest.fn(), currentPath: () => '/' });
  return { calls, navigate, notify, fetch };
}

/** A promise resolved from outside: holds a request "in flight" until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** Sample public reviews. */
export function sampleReview(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    tot_rating: 7,
    text_rating: `Review number ${id}`,
    relatable: 50,
    relatable_count: 2,
    teacher: { id: 4, prefix: 'Mme', name: 'Durand' },
    subject: { id: 1, name: 'Maths', color: '#1e88e5' },
    year: 2,
    created_at: `2025-09-0${Math.min(9, id)}T08:00:00.000Z`,
    ...patch,
  };
}
