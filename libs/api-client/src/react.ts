import { useCallback, useEffect, useState } from 'react';
import { request, type ApiOutcome, type RequestOptions } from './client';

export type ApiState<T> =
  | { status: 'loading' }
  /** `storedAt`: shown from the copy kept then (offline). */
  | { status: 'success'; data: T; storedAt?: number }
  | { status: 'error'; outcome: Exclude<ApiOutcome<T>, { kind: 'ok' }> };

/**
 * GETs `path` (same origin) when the component mounts or the path changes; aborts on unmount.
 * `reload()` asks again.
 */
export function useApiGet<T>(path: string, options: Omit<RequestOptions, 'body' | 'signal'> = {}): ApiState<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: ApiState<T> } | null>(null);
  const { auth, react, keep } = options;
  const key = `${attempt}:${path}`;

  useEffect(() => {
    const controller = new AbortController();
    void request<T>('GET', path, { auth, react, keep, signal: controller.signal }).then((outcome) => {
      if (controller.signal.aborted) return;
      setResult({ key, state: outcome.kind === 'ok' ? { status: 'success', data: outcome.data, storedAt: outcome.storedAt } : { status: 'error', outcome } });
    });
    return () => controller.abort();
  }, [key, path, auth, react, keep]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // A result for another path or attempt is stale: show loading until this one arrives.
  const state: ApiState<T> = result && result.key === key ? result.state : { status: 'loading' };
  return { ...state, reload };
}
