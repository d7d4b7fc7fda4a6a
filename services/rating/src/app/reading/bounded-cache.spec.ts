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

test('once due for a refresh, serves the value held while it is computed again once in the background', async () => {
  const cache = new BoundedCache<number>(2);
  let computed = 0;
  let release = () => {};
  const compute = () => new Promise<number>((resolve) => (release = () => resolve(++computed)));
  const first = cache.get('k', () => true, compute);
  release();
  expect(await first).toBe(1);
  const due = () => true;
  expect(await cache.get('k', () => true, compute, due)).toBe(1); // refresh started, not awaited
  expect(await cache.get('k', () => true, compute, due)).toBe(1); // still one refresh
  release();
  await new Promise((resolve) => setImmediate(resolve));
  expect(computed).toBe(2);
  expect(await cache.get('k', () => true, compute)).toBe(2);
});

test('a failed background refresh leaves the value served while it is fresh', async () => {
  const cache = new BoundedCache<string>(2);
  await cache.get(
    'k',
    () => true,
    async () => 'a',
  );
  expect(
    await cache.get(
      'k',
      () => true,
      async () => Promise.reject(new Error('down')),
      () => true,
    ),
  ).toBe('a');
  await new Promise((resolve) => setImmediate(resolve));
  expect(
    await cache.get(
      'k',
      () => true,
      async () => 'b',
    ),
  ).toBe('a');
  expect(
    await cache.get(
      'k',
      () => false,
      async () => 'b',
    ),
  ).toBe('b');
});
