import { startTransition, useCallback, useEffect, useState } from 'react';
import { request, type ApiOutcome, type RequestOptions } from './client';
import { peekPrefetched } from './prefetch-cache';

export type ApiState<T> =
  | { status: 'loading' }
  /** `storedAt`: shown from the copy kept then (offline). */
  | { status: 'success'; data: T; storedAt?: number }
  | { status: 'error'; outcome: Exclude<ApiOutcome<T>, { kind: 'ok' }> };

const toState = <T>(outcome: ApiOutcome<T>): ApiState<T> =>
  outcome.kind === 'ok' ? { status: 'success', data: outcome.data, storedAt: outcome.storedAt } : { status: 'error', outcome };

/**
 * GETs `path` (same origin) when the component mounts or the path changes; aborts on unmount.
 * `reload()` asks again. When the shell already fetched it ahead (./prefetch) and the answer is in,
 * the first render shows it: no "loading" frame, so nothing below moves.
 */
export function useApiGet<T>(path: string, options: Omit<RequestOptions, 'body' | 'signal'> = {}): ApiState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const { auth, react, keep } = options;
  const key = `${attempt}:${path}`;
  const [result, setResult] = useState<{ key: string; state: ApiState<T>; outcome?: ApiOutcome<T> } | null>(() => {
    const ahead = peekPrefetched<T>('GET', path, auth ?? true);
    // A failed prefetch of a kept read waits for the copy the request falls back to.
    return ahead && (ahead.kind === 'ok' || !keep) ? { key, state: toState(ahead), outcome: ahead } : null;
  });

  useEffect(() => {
    const controller = new AbortController();
    // Also takes the request started ahead (answered at once), which applies its reactions.
    void request<T>('GET', path, { auth, react, keep, signal: controller.signal }).then((outcome) => {
      if (controller.signal.aborted) return;
      // The very answer the first render showed (taken from the prefetch) renders nothing again;
      // a new answer renders in a transition, in slices that leave the page responsive.
      startTransition(() =>
        setResult((shown) => (shown?.key === key && shown.outcome === outcome ? shown : { key, state: toState(outcome), outcome })),
      );
    });
    return () => controller.abort();
  }, [key, path, auth, react, keep]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // A result for another path or attempt is stale: show loading until this one arrives.
  const state: ApiState<T> = result && result.key === key ? result.state : { status: 'loading' };
  return { ...state, reload };
}
