// Issue #38, session lifetimes: every session has an absolute end (30 days for a member, 12 hours for
// a session holding a staff role), a staff session also ends after 30 minutes without a refresh, and
// staff access tokens live 5 minutes. Time is moved by dating the stored records back, as if it had passed.
import { MongoClient } from 'mongodb';
import { decodeJwt } from 'jose';
import { request } from '@pupitre/server-kit/testing';
import { type Approver, bootstrapApprover } from '../../testing/second-factor-kit';
import { type AuthUnderTest, createActiveUser, GOOD_PASSWORD, login, startAuth, uniqueEmail } from '../../testing/auth-test-kit';
import mongoose from 'mongoose';

jest.setTimeout(60_000);

const HOUR = 3_600_000;
const EXPIRED = { detail: 'Token is expired', code: 'token_not_valid' };

describe('session lifetimes', () => {
  let auth: AuthUnderTest;
  let mongo: MongoClient;
  const tokens = () => mongo.db(auth.config.MONGODB_DB).collection('refresh_tokens');
  const refresh = (token: string) => request(auth.url).post('/auth/token/refresh/').send({ refresh: token });
  /** Dates the session of `refreshToken` back: its start by `startedAgo`, its current token's issue by `issuedAgo`. */
  const age = (refreshToken: string, { startedAgo = 0, issuedAgo = 0 }) =>
    tokens().updateOne(
      { _id: decodeJwt(refreshToken).jti as never },
      { $set: { sessionStartedAt: new Date(Date.now() - startedAgo), createdAt: new Date(Date.now() - issuedAgo) } },
    );
  let approver: Approver | undefined;
  const staff = async () => {
    const user = await createActiveUser(auth.url);
    const conn = await mongoose.createConnection(auth.config.MONGODB_URI, { dbName: auth.config.MONGODB_DB }).asPromise();
    try {
      approver ??= await bootstrapApprover(auth.url, conn, uniqueEmail('root'), GOOD_PASSWORD);
      await approver.grant(conn, { command: 'grant-moderator', email: user.email });
    } finally {
      await conn.close();
    }
    return user;
  };

  beforeAll(async () => {
    auth = await startAuth(__filename);
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.dispose();
  });

  it('ends a member session 30 days after sign-in, however often it is refreshed; its refresh tokens never outlive that', async () => {
    const user = await createActiveUser(auth.url);
    const pair = await login(auth.url, user.email, user.password);
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
    const first = await login(auth.url, moderator.email, moderator.password);
    const claims = decodeJwt(first.access) as { exp: number; iat: number; roles: string[] };
    expect({ roles: claims.roles.includes('moderator'), ttl: claims.exp - claims.iat }).toEqual({ roles: true, ttl: 300 });

    await age(first.refresh, { issuedAgo: 29 * 60_000 });
    const active = await refresh(first.refresh).expect(200); // used within 30 minutes: goes on
    await age(active.body.refresh, { issuedAgo: 31 * 60_000 });
    await refresh(active.body.refresh).expect(401, EXPIRED);

    const second = await login(auth.url, moderator.email, moderator.password);
    await age(second.refresh, { startedAgo: 12 * HOUR + 1000 });
    await refresh(second.refresh).expect(401, EXPIRED);

    const member = await createActiveUser(auth.url);
    const memberPair = await login(auth.url, member.email, member.password);
    await age(memberPair.refresh, { startedAgo: 12 * HOUR + 1000, issuedAgo: 31 * 60_000 });
    await refresh(memberPair.refresh).expect(200); // a member's session is not a staff one
  });
});
