import { PublicCache } from './public-cache';

/** Two API processes' caches on the real Redis: a bump in one drops the other's entries. */
describe('public cache generation', () => {
  const prefix = `cache-it-${process.pid}-${Date.now()}`;
  const make = () => new PublicCache({ REDIS_URL: process.env.REDIS_URL as string, QUEUE_PREFIX: prefix });
  const caches: PublicCache[] = [];
  afterAll(() => caches.forEach((c) => c.onApplicationShutdown()));

  const until = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('follows the announced generation: hits without a bump, recomputes after another process bumps', async () => {
    const a = make();
    const b = make();
    caches.push(a, b);
    let computed = 0;
    const read = () => a.memo('community:10', async () => ++computed);
    await until(async () => (await a.generation()) !== null && (await b.generation()) !== null);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1); // a hit
    const before = await a.generation();
    await b.bump();
    await until(async () => (await a.generation()) !== before);
    expect(await a.generation()).not.toBe(before);
    expect(await read()).toBe(2);
    expect(await read()).toBe(2);
  });

  it('does not cache when Redis cannot be reached, and stays correct', async () => {
    const down = new PublicCache({ REDIS_URL: 'redis://127.0.0.1:1', QUEUE_PREFIX: prefix });
    caches.push(down);
    let computed = 0;
    expect(await down.memo('x', async () => ++computed)).toBe(1);
    expect(await down.memo('x', async () => ++computed)).toBe(2);
    await down.bump(); // no throw
  });
});
