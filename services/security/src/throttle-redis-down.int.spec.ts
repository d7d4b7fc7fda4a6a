// Issue #38: with Redis down or hung, sign-in attempts are not left without a limit. The auth service
// on a Redis of its own, stopped: the (e-mail, address) back-off and the per-address limit are then
// counted in the process (bounded memory: memory-limits.spec.ts), so guessing is refused all the same.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@pupitre/server-kit/testing';
import { startRedis } from '../../../infra/local/lib/redis.mjs';
import { type AuthUnderTest, createActiveUser, DEFAULT_LOGIN_THROTTLES, startAuth } from '../../auth/src/testing/auth-test-kit';
import { clientAt, expectThrottled } from './testing/throttling';

jest.setTimeout(90_000);

interface RedisProc {
  url: string;
  stop(): Promise<void>;
  proc: { child: { kill(signal: NodeJS.Signals): boolean } };
}

describe('sign-in throttling while Redis is away', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-throttle-'));
  let redis: RedisProc;
  let auth: AuthUnderTest;
  let port = 0;
  const start = async () => {
    redis = (await startRedis({
      port,
      dataDir: dir,
      persist: false,
      logFile: path.join(dir, 'redis.log'),
      useEnv: false,
      log: () => undefined,
    })) as RedisProc;
  };

  beforeAll(async () => {
    port = await freePort();
    await start();
    auth = await startAuth(__filename, { ...DEFAULT_LOGIN_THROTTLES, THROTTLE_LOGIN_DELAY: '30s', TRUST_PROXY: '1', REDIS_URL: redis.url });
  });
  afterAll(async () => {
    // Redis back first (a fresh one on the same port): the service's connections then close instead of retrying for ever.
    redis.proc.child.kill('SIGCONT');
    await redis.stop().catch(() => undefined);
    await start();
    await auth?.dispose();
    await redis.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const login = (address: string, email: string, password: string) => clientAt(auth.url, address).post('/auth/token/', { email, password });

  it.each([
    ['hung (SIGSTOP)', () => redis.proc.child.kill('SIGSTOP')],
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
      redis.proc.child.kill('SIGCONT');
    }
  });
});
