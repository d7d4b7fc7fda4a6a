// The login back-off script against the real Redis: free attempts, doubling delays, the cap, and
// a success that forgets.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { LoginBackoff } from './login-backoff';

describe('LoginBackoff', () => {
  let redis: Redis;
  const prefix = `backoff-${randomBytes(4).toString('hex')}`;
  const backoff = () => new LoginBackoff(redis, prefix, { freeAttempts: 3, baseDelayMs: 1000, maxDelayMs: 4000 });
  /** Lifts the pending delay of a pair, as if it had passed (keeps the count). */
  const lapse = async () => {
    for (const key of await redis.keys(`${prefix}:login-delay:*`)) await redis.del(key);
  };

  beforeAll(() => {
    redis = new Redis(process.env.REDIS_URL as string);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('lets the free attempts through, then delays the next one, doubling up to the cap', async () => {
    const b = backoff();
    const email = 'someone@example.org';
    expect(await b.attempt(email, '192.0.2.1')).toEqual({ allowed: true });
    expect(await b.attempt(email, '192.0.2.1')).toEqual({ allowed: true });
    expect(await b.attempt(email, '192.0.2.1')).toEqual({ allowed: true });
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await b.attempt(email, '192.0.2.1');
      if (refused.allowed) throw new Error('expected a delay');
      delays.push(refused.retryAfterMs);
      await lapse();
      expect(await b.attempt(email, '192.0.2.1')).toEqual({ allowed: true });
    }
    // After attempts 3, 4, 5, 6: 1 s, 2 s, 4 s, then the 4 s cap (give or take the milliseconds spent).
    const rounded = delays.map((ms) => Math.ceil(ms / 1000));
    expect(rounded).toEqual([1, 2, 4, 4]);
    // Another address, or another e-mail, is not delayed.
    expect(await b.attempt(email, '192.0.2.2')).toEqual({ allowed: true });
    expect(await b.attempt('other@example.org', '192.0.2.1')).toEqual({ allowed: true });
  });

  it('forgets the failures of a pair after a success', async () => {
    const b = backoff();
    for (let i = 0; i < 3; i++) await b.attempt('forget@example.org', '192.0.2.9');
    expect((await b.attempt('forget@example.org', '192.0.2.9')).allowed).toBe(false);
    await b.succeeded('Forget@example.org ', '192.0.2.9');
    for (let i = 0; i < 3; i++) expect((await b.attempt('forget@example.org', '192.0.2.9')).allowed).toBe(true);
  });
});
