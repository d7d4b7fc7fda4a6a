// Requests of the cluster tests: through the contract-checked fetch, with a deadline, and an answer
// even when there is none (a killed process, a reset connection, a timeout: status 0), because a
// client that got no answer is exactly what the fault tests are about. A contract violation throws.
import { checkedFetch } from '@pupitre/server-kit/testing';

export interface Answer {
  /** 0 when no answer came back. */
  status: number;
  json: unknown;
  headers: Headers | null;
  /** Why no answer came back. */
  error?: string;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const res = await checkedFetch(`${base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    return { status: res.status, json: res.json, headers: res.headers };
  } catch (err) {
    const { message, cause } = err as Error & { cause?: { message?: string } };
    if (/^contract:/.test(message)) throw err;
    return { status: 0, json: undefined, headers: null, error: cause?.message ?? message };
  }
}

/** Runs `tasks` with at most `limit` in flight (a burst the machine can carry). */
export async function inParallel<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane));
  return results;
}

/** Polls `problems` until it returns none; after `timeoutMs`, returns the last ones (empty: met). */
export async function untilNoProblems(problems: () => Promise<string[]>, timeoutMs: number, intervalMs = 250): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await problems();
    if (!found.length || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
