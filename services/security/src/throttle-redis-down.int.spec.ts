// Issue #38: with Redis down or hung, sign-in attempts are not left without a limit. The auth service
// on a Redis of its own, stopped: the (e-mail, address) back-off and the per-address limit are then
// counted in the process (bounded memory: memory-limits.spec.ts), so guessing is refused all the same.
import { type PrivateRedis, startPrivateRedis } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, DEFAULT_LOGIN_THROTTLES, startAuth } from '../../auth/src/testing/auth-test-kit';
import { clientAt, expectThrottled } from './testing/throttling';

jest.setTimeout(90_000);

describe('sign-in throttling while Redis is away', () => {
  let redis: PrivateRedis;
  let auth: AuthUnderTest;

  beforeAll(async () => {
    redis = await startPrivateRedis('throttle');
    auth = await startAuth(__filename, { ...DEFAULT_LOGIN_THROTTLES, THROTTLE_LOGIN_DELAY: '30s', TRUST_PROXY: '1', REDIS_URL: redis.url });
  });
  afterAll(async () => {
    // Redis back first (a fresh one on the same port): the service's connections then close instead of retrying for ever.
    redis.signal('SIGCONT');
    await redis.stop().catch(() => undefined);
    await redis.restart();
    await auth?.dispose();
    await redis.dispose();
  });

  const login = (address: string, email: string, password: string) => clientAt(auth.url, address).post('/auth/token/', { email, password });

  it.each([
    ['hung (SIGSTOP)', () => redis.signal('SIGSTOP')],
    ['stopped', () => redis.stop()],
  ])('backs off an (e-mail, address) pair after 3 tries with Redis %s', async (_, takeAway) => {
    const owner = await createActiveUser(auth.url);
    const from = _.startsWith('hung') ? '198.51.100.30' : '198.51.100.40';
    await takeAway();
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await login(from, owner.email, 'Wrong-password-1')).status);
    expect(statuses).toEqual([401, 401, 401]);
    expectThrottled(await login(from, owner.email, 'Wrong-password-1'), 30);
    expectThrottled(await login(from, owner.email, owner.password), 30);
    if (_.startsWith('hung')) {
      // Back to a stopped Redis for the next case.
      redis.signal('SIGCONT');
    }
  });
});
