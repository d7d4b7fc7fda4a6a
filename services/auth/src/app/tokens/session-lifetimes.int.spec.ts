// Issue #38, session lifetimes: every session has an absolute end (30 days for a member, 12 hours for
// a session holding a staff role), a staff session also ends after 30 minutes without a refresh, and
// staff access tokens live 5 minutes. Time is moved by dating the stored records back, as if it had passed.
import { decodeJwt } from 'jose';
import { request } from '@pupitre/server-kit/testing';
import { type Approver, bootstrapApprover } from '../../testing/second-factor-kit';
import { createActiveUser, GOOD_PASSWORD, login, uniqueEmail, useAuthAndDatabase } from '../../testing/auth-test-kit';
import mongoose from 'mongoose';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
const EXPIRED = { detail: 'Token is expired', code: 'token_not_valid' };

describe('session lifetimes', () => {
  const env = useAuthAndDatabase(__filename);
  const tokens = () => env.mongo.db(env.auth.config.MONGODB_DB).collection('refresh_tokens');
  const refresh = (token: string) => request(env.auth.url).post('/auth/token/refresh/').send({ refresh: token });
  /** Dates the session of `refreshToken` back: its start by `startedAgo`, its current token's issue by `issuedAgo`. */
  const age = (refreshToken: string, { startedAgo = 0, issuedAgo = 0 }) =>
    tokens().updateOne(
      { _id: decodeJwt(refreshToken).jti as never },
      { $set: { sessionStartedAt: new Date(Date.now() - startedAgo), createdAt: new Date(Date.now() - issuedAgo) } },
    );
  let approver: Approver | undefined;
  const staff = async () => {
    const user = await createActiveUser(env.auth.url);
    const conn = await mongoose.createConnection(env.auth.config.MONGODB_URI, { dbName: env.auth.config.MONGODB_DB }).asPromise();
    try {
      approver ??= await bootstrapApprover(env.auth.url, conn, uniqueEmail('root'), GOOD_PASSWORD);
      await approver.grant(conn, { command: 'grant-moderator', email: user.email });
    } finally {
      await conn.close();
    }
    return user;
  };

  it('ends a member session 30 days after sign-in, however often it is refreshed; its refresh tokens never outlive that', async () => {
    const user = await createActiveUser(env.auth.url);
    const pair = await login(env.auth.url, user.email, user.password);
    await age(pair.refresh, { startedAgo: 30 * 24 * HOUR - 60_000 });
    const last = await refresh(pair.refresh).expect(200);
    const { exp, iat } = decodeJwt(last.body.refresh) as { exp: number; iat: number };
    expect(exp - iat).toBeLessThanOrEqual(60); // what is left of the 30 days, not 14 more
    await age(last.body.refresh, { startedAgo: 30 * 24 * HOUR + 1000 });
    await tokens().updateOne({ _id: decodeJwt(last.body.refresh).jti as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await refresh(last.body.refresh).expect(401, EXPIRED);
  });

  it('gives staff access tokens of 5 minutes, and ends a staff session after 30 minutes idle or 12 hours in all', async () => {
    const moderator = await staff();
    const first = await login(env.auth.url, moderator.email, moderator.password);
    const claims = decodeJwt(first.access) as { exp: number; iat: number; roles: string[] };
    expect({ roles: claims.roles.includes('moderator'), ttl: claims.exp - claims.iat }).toEqual({ roles: true, ttl: 300 });

    await age(first.refresh, { issuedAgo: 29 * 60_000 });
    const active = await refresh(first.refresh).expect(200); // used within 30 minutes: goes on
    await age(active.body.refresh, { issuedAgo: 31 * 60_000 });
    await refresh(active.body.refresh).expect(401, EXPIRED);

    const second = await login(env.auth.url, moderator.email, moderator.password);
    await age(second.refresh, { startedAgo: 12 * HOUR + 1000 });
    await refresh(second.refresh).expect(401, EXPIRED);

    const member = await createActiveUser(env.auth.url);
    const memberPair = await login(env.auth.url, member.email, member.password);
    await age(memberPair.refresh, { startedAgo: 12 * HOUR + 1000, issuedAgo: 31 * 60_000 });
    await refresh(memberPair.refresh).expect(200); // a member's session is not a staff one
  });
});
