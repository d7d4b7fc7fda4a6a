import { type Redis } from 'ioredis';
import { isWriteMethod, readSessionState, sessionEnded } from './session-state';

/** A Redis stand-in answering MGET from a map, recording the keys asked. */
function fakeRedis(values: Record<string, string>) {
  const asked: string[][] = [];
  const redis = { mget: async (...keys: string[]) => (asked.push(keys), keys.map((k) => values[k] ?? null)) } as unknown as Redis;
  return { redis, asked };
}

describe('session state of an access token', () => {
  it('checks writes only', () => {
    for (const m of ['POST', 'put', 'PATCH', 'DELETE']) expect(isWriteMethod(m)).toBe(true);
    for (const m of ['GET', 'HEAD', 'OPTIONS']) expect(isWriteMethod(m)).toBe(false);
  });

  it('reads the version and the session mark in one MGET (the version alone without sid)', async () => {
    const { redis, asked } = fakeRedis({ 'auth:session-version:u1': '2', 'auth:session-revoked:s1': 'logout' });
    await expect(readSessionState(redis, { sub: 'u1', sid: 's1' })).resolves.toEqual({ version: 2, revokedBy: 'logout' });
    await expect(readSessionState(redis, { sub: 'u1' })).resolves.toEqual({ version: 2, revokedBy: null });
    expect(asked).toEqual([['auth:session-version:u1', 'auth:session-revoked:s1'], ['auth:session-version:u1']]);
  });

  it("says a session ended when it is marked or the user's version moved on", async () => {
    const { redis } = fakeRedis({ 'auth:session-version:u1': '1', 'auth:session-revoked:gone': 'reuse:x' });
    await expect(sessionEnded(redis, { sub: 'u1', sid: 'live', sv: 1 })).resolves.toBe(false);
    await expect(sessionEnded(redis, { sub: 'u1', sid: 'live', sv: 0 })).resolves.toBe(true);
    await expect(sessionEnded(redis, { sub: 'u1', sid: 'gone', sv: 1 })).resolves.toBe(true);
    await expect(sessionEnded(redis, { sub: 'u2' })).resolves.toBe(false);
  });
});
