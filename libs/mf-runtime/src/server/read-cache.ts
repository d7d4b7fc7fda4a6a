// The renderer's public reads, from the rating API without any session, kept in memory for at most
// `maxAgeMs` (≤ 1 s) and then served stale for at most as long again while one refresh runs in the
// background (stale-while-revalidate): a burst of page views reads each path at most about once a
// second. Concurrent misses share one request. Bounded: the least recently used of `maxEntries`
// goes first, so memory does not grow with the data.

export type ReadOutcome = { kind: 'ok'; body: unknown } | { kind: 'not-found' } | { kind: 'failed'; reason: string };

export type FetchRead = (path: string) => Promise<ReadOutcome>;

export interface ReadCacheOptions {
  fetchRead: FetchRead;
  maxAgeMs: number;
  /** How long past `maxAgeMs` an answer is still served while it is refreshed (default: maxAgeMs). */
  staleMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

interface Entry {
  outcome: ReadOutcome;
  at: number;
}

export interface ReadCache {
  get(path: string): Promise<ReadOutcome>;
  /** Entries held (tests, metrics). */
  size(): number;
}

export function createReadCache({
  fetchRead,
  maxAgeMs,
  staleMs = maxAgeMs,
  maxEntries = 500,
  clock = Date.now,
}: ReadCacheOptions): ReadCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<ReadOutcome>>();

  const remember = (path: string, outcome: ReadOutcome) => {
    // A failure is never kept: the next view asks again (and a stale answer stays until it expires).
    if (outcome.kind === 'failed' || maxAgeMs === 0) return;
    entries.delete(path);
    entries.set(path, { outcome, at: clock() });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
  };

  const refresh = (path: string): Promise<ReadOutcome> => {
    let pending = inFlight.get(path);
    if (!pending) {
      pending = fetchRead(path)
        .catch((error: unknown): ReadOutcome => ({ kind: 'failed', reason: String(error) }))
        .then((outcome) => {
          remember(path, outcome);
          return outcome;
        })
        .finally(() => inFlight.delete(path));
      inFlight.set(path, pending);
    }
    return pending;
  };

  return {
    get(path) {
      const entry = entries.get(path);
      if (entry) {
        const age = clock() - entry.at;
        if (age < maxAgeMs) {
          entries.delete(path);
          entries.set(path, entry); // most recently used
          return Promise.resolve(entry.outcome);
        }
        if (age < maxAgeMs + staleMs) {
          void refresh(path);
          return Promise.resolve(entry.outcome);
        }
        entries.delete(path);
      }
      return refresh(path);
    },
    size: () => entries.size,
  };
}

/** Reads `${apiUrl}${path}` anonymously, within `timeoutMs`: 200 → ok, 404 or 400 → not-found, anything else → failed. */
export function apiReader(apiUrl: string, timeoutMs: number, fetchImpl: typeof fetch = fetch): FetchRead {
  return async (path) => {
    try {
      const response = await fetchImpl(`${apiUrl}${path}`, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 200) return { kind: 'ok', body: await response.json() };
      await response.body?.cancel();
      // 404: no such teacher; 400: a value the API refuses (e.g. /teacher/abc): either way the
      // page is not rendered here, the client shows its own message.
      if (response.status === 404 || response.status === 400) return { kind: 'not-found' };
      return { kind: 'failed', reason: `status ${response.status}` };
    } catch (error) {
      return { kind: 'failed', reason: error instanceof Error ? error.name : 'error' };
    }
  };
}
