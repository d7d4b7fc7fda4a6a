// Clients at chosen addresses, as the edge presents them to the auth service: X-Forwarded-For
// overwritten with the peer's address, believed for exactly one hop (TRUST_PROXY=1, the local stack
// and Kubernetes setting; the world's auth has it).
import { request } from '@pupitre/server-kit/testing';
import { TEST_ENV } from '../../../auth/src/testing/auth-test-kit';

/**
 * Every throttle at its production value, but the login back-off's first delay: 30 s instead of 1 s,
 * so that a busy machine cannot let it lapse between two steps of a test.
 */
export const PRODUCTION_THROTTLES: Record<string, string | undefined> = {
  ...Object.fromEntries(
    Object.keys(TEST_ENV)
      .filter((k) => k.startsWith('THROTTLE_'))
      .map((k) => [k, undefined]),
  ),
  THROTTLE_LOGIN_DELAY: '30s',
};

/** POSTs of a client at `address`, sent to the auth service as the edge forwards them. */
export const clientAt = (authUrl: string, address: string) => ({
  post: (path: string, body: object) => request(authUrl).post(path).set('X-Forwarded-For', address).send(body),
});

/** A 429 as the contract has it: the error key, the wait in words and in Retry-After (1..`maxSeconds`). */
export function expectThrottled(res: { status: number; body: unknown; headers: Record<string, string> }, maxSeconds: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    error: 'too-many-requests',
    detail: expect.stringMatching(/^Request was throttled\. Expected available in \d+ seconds\.$/),
  });
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(maxSeconds);
}
