import { MemoryLimits } from './memory-limits';

describe('MemoryLimits (the sign-in throttles while Redis is away)', () => {
  it('keeps a fixed window per key', () => {
    let now = 0;
    const limits = new MemoryLimits(100, () => now);
    const rate = { limit: 2, windowMs: 1000 };
    expect([limits.hit('a', rate).allowed, limits.hit('a', rate).allowed, limits.hit('a', rate)]).toEqual([
      true,
      true,
      { allowed: false, retryAfterMs: 1000 },
    ]);
    now = 1000;
    expect(limits.hit('a', rate).allowed).toBe(true);
  });

  it('backs off a pair as LoginBackoff does: free attempts, then a doubling delay up to the cap', () => {
    let now = 0;
    const limits = new MemoryLimits(100, () => now);
    const policy = { freeAttempts: 3, baseDelayMs: 1000, maxDelayMs: 4000 };
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) expect(limits.attempt('pair', policy)).toEqual({ allowed: true });
    for (let i = 0; i < 4; i++) {
      const refused = limits.attempt('pair', policy);
      if (refused.allowed) throw new Error('expected a delay');
      delays.push(refused.retryAfterMs);
      now += refused.retryAfterMs;
      expect(limits.attempt('pair', policy)).toEqual({ allowed: true });
    }
    expect(delays).toEqual([1000, 2000, 4000, 4000]);
  });

  it('holds at most its number of keys, the least recently used going first', () => {
    const limits = new MemoryLimits(3);
    const rate = { limit: 1, windowMs: 60_000 };
    for (const key of ['a', 'b', 'c']) limits.hit(key, rate);
    limits.hit('a', rate); // used again: 'b' is now the oldest
    for (let i = 0; i < 1000; i++) limits.hit(`flood-${i}`, rate);
    expect(limits.size).toBe(3);
    const small = new MemoryLimits(3);
    for (const key of ['a', 'b', 'c']) small.hit(key, rate);
    small.hit('a', rate);
    small.hit('d', rate);
    expect([small.hit('a', rate).allowed, small.hit('b', rate).allowed]).toEqual([false, true]);
  });
});
