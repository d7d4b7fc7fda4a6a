// Adversary suite: someone polling the rating API (a teacher waiting for a review to appear). Every
// request, reads included, draws from its client address's token bucket and, signed in, from its
// account's: polling is refused with 429 and Retry-After, with a second account from the same
// address as with the same account from a second address; a person's browsing is not; and a Redis
// that is stopped or hung never turns the limits into a hang. On a real API and a Redis of its own
// (paused and stopped here), client addresses as the gateway forwards them (TRUST_PROXY=1).
import { type PrivateRedis, request, startPrivateRedis } from '@pupitre/server-kit/testing';
import { type Harness, startHarness } from '../../../rating/testing/rating-harness';
import { expectThrottled } from '../testing/throttling';

jest.setTimeout(90_000);

/** A burst of 5, then one request each 10 s: the tests' own requests never wait for a refill. */
const TIGHT = '5/50s';
const AMPLE = '1000000/1s';
const DEFAULTS = undefined as unknown as string; // the configuration's default, as in production

const from = (h: Harness, address: string, headers: Record<string, string> = {}) => ({
  get: (p: string) => request(h.api.url).get(p).set('X-Forwarded-For', address).set(headers),
});

/** The statuses of `n` GETs of `p`, one after the other. */
async function poll(get: (p: string) => PromiseLike<{ status: number }>, p: string, n: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await get(p)).status);
  return statuses;
}

describe('the rating API refuses polling, per address and per account', () => {
  let redis: PrivateRedis;
  const harnesses: Harness[] = [];
  const harness = async (api: Record<string, string>) => {
    const h = await startHarness(`${__filename}-${harnesses.length}`, { api: { TRUST_PROXY: '1', REDIS_URL: redis.url, ...api } });
    harnesses.push(h);
    return h;
  };

  beforeAll(async () => {
    redis = await startPrivateRedis('rate');
  });
  afterAll(async () => {
    redis.signal('SIGCONT');
    await Promise.allSettled(harnesses.map((h) => h.close()));
    await redis.dispose();
  });

  it('refuses a signed-out address past its burst: 429, Retry-After, the error key; other addresses go on', async () => {
    const h = await harness({ RATE_LIMIT_ADDRESS: TIGHT, RATE_LIMIT_ACCOUNT: AMPLE });
    const poller = from(h, '198.51.100.7');
    const statuses = await poll(poller.get, '/api/teacher/1', 7);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await poller.get('/api/teachers/ranking'); // another route: the same bucket
    expectThrottled(refused as never, 10);
    expect((await from(h, '198.51.100.8').get('/api/teacher/1')).status).toBe(200);
    // The probes are the orchestrator's: never limited.
    expect((await poller.get('/healthz')).status).toBe(200);
  });

  it('counts every account of one address together, and one account from every address together', async () => {
    const h = await harness({ RATE_LIMIT_ADDRESS: TIGHT, RATE_LIMIT_ACCOUNT: TIGHT });
    // Signing up twice does not double the budget of an address…
    const [first, second] = [await h.auth('rate-poller-1'), await h.auth('rate-poller-2')];
    const sameAddress = [
      ...(await poll(from(h, '203.0.113.1', first).get, '/api/teacher/2', 3)),
      ...(await poll(from(h, '203.0.113.1', second).get, '/api/teacher/2', 3)),
    ];
    expect(sameAddress).toEqual([200, 200, 200, 200, 200, 429]);
    // …nor do more addresses double an account's (a phone on mobile data and at home).
    const roaming = await h.auth('rate-poller-3');
    const sameAccount = [
      ...(await poll(from(h, '203.0.113.2', roaming).get, '/api/teacher/2', 3)),
      ...(await poll(from(h, '203.0.113.3', roaming).get, '/api/teacher/2', 3)),
    ];
    expect(sameAccount).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('with the default limits, never refuses a person browsing quickly (40 teacher pages, reads back to back), but refuses polling', async () => {
    const h = await harness({ RATE_LIMIT_ADDRESS: DEFAULTS, RATE_LIMIT_ACCOUNT: DEFAULTS });
    const reader = from(h, '192.0.2.10', await h.auth('rate-reader'));
    const browsing: number[] = [];
    for (let page = 0; page < 40; page++) {
      const teacher = (page % 10) + 1;
      // The reads /teacher/:id sends (e2e/rate-limits.e2e.ts measures every page's).
      const reads = await Promise.all([reader.get(`/api/teacher/${teacher}`), reader.get(`/api/teacher/${teacher}/reviews?limit=50`)]);
      browsing.push(...reads.map((r) => r.status));
    }
    // The same client then polls one teacher's reviews as fast as it can: refused within 60 requests.
    const polling = await poll(reader.get, '/api/teacher/1/reviews?limit=50', 60);
    expect({ browsingRefused: browsing.filter((s) => s !== 200).length, pollingRefused: polling.includes(429) }).toEqual({
      browsingRefused: 0,
      pollingRefused: true,
    });
  });

  it('answers within 2 s, unlimited, while Redis is hung or stopped, and limits again once it is back', async () => {
    const h = await harness({ RATE_LIMIT_ADDRESS: TIGHT, RATE_LIMIT_ACCOUNT: TIGHT });
    const timed = async (address: string) => {
      const started = Date.now();
      const res = await from(h, address).get('/api/teacher/3');
      return { status: res.status, within2s: Date.now() - started < 2000 };
    };
    const during = async () => [await timed('192.0.2.77'), await timed('192.0.2.77'), await timed('192.0.2.77')];
    redis.signal('SIGSTOP'); // connections open, no answer
    const hung = await during();
    redis.signal('SIGCONT');
    // Back: a poller is refused again (Redis answers at once; the connection's back-off lasts a second).
    const back = await untilRefused(() => from(h, '192.0.2.78').get('/api/teacher/3'));
    await redis.stop();
    const stopped = await during();
    expect({ hung, back, stopped }).toEqual({
      hung: Array(3).fill({ status: 200, within2s: true }),
      back: true,
      stopped: Array(3).fill({ status: 200, within2s: true }),
    });
  });
});

/** Whether `get` is answered 429 within 15 s (tries one after the other, a tenth of a second apart). */
async function untilRefused(get: () => PromiseLike<{ status: number }>): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if ((await get()).status === 429) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
