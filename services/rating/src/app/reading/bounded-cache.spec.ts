import { BoundedCache } from './bounded-cache';

test('computes once for concurrent callers, serves while fresh, computes again once stale', async () => {
  const cache = new BoundedCache<{ v: number }>(10);
  let computed = 0;
  const compute = async () => ({ v: ++computed });
  const [a, b] = await Promise.all([cache.get('k', () => true, compute), cache.get('k', () => true, compute)]);
  expect([a.v, b.v, computed]).toEqual([1, 1, 1]);
  expect((await cache.get('k', (x) => x.v === 1, compute)).v).toBe(1);
  expect((await cache.get('k', () => false, compute)).v).toBe(2);
});

test('holds at most max entries, the least recently used leaving first', async () => {
  const cache = new BoundedCache<string>(2);
  await cache.get(
    'a',
    () => true,
    async () => 'a',
  );
  await cache.get(
    'b',
    () => true,
    async () => 'b',
  );
  await cache.get(
    'a',
    () => true,
    async () => 'A',
  ); // used: b is now the oldest
  await cache.get(
    'c',
    () => true,
    async () => 'c',
  );
  expect(cache.size).toBe(2);
  expect(
    await cache.get(
      'a',
      () => true,
      async () => 'again',
    ),
  ).toBe('a');
  expect(
    await cache.get(
      'b',
      () => true,
      async () => 'b2',
    ),
  ).toBe('b2');
});

test('a failed computation is not kept', async () => {
  const cache = new BoundedCache<string>(2);
  await expect(
    cache.get(
      'k',
      () => true,
      async () => Promise.reject(new Error('down')),
    ),
  ).rejects.toThrow('down');
  expect(
    await cache.get(
      'k',
      () => true,
      async () => 'ok',
    ),
  ).toBe('ok');
});
