// Issue #38: the TOTP secrets are stored encrypted (SECOND_FACTOR_KEYS, secret-box.ts, ADR 0013).
// Whoever reads the `second_factors` collection finds no secret; sign-in with a code still works;
// a record written before encryption (plain) or sealed with an older key still works, and is sealed
// with the newest key on its next use.
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { randomBytes } from 'node:crypto';
import { request } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, login, startAuth } from '../../testing/auth-test-kit';
import { enrolSecondFactor, signInWithCode, totpAt } from '../../testing/second-factor-kit';
import { runAdminCommand } from '../../admin/admin-commands';
import { parseSecretKeys, SecretBox, type SecretKey } from './secret-box';
import { newSecret } from './totp';

jest.setTimeout(60_000);

describe('the TOTP secrets at rest', () => {
  const older = `k1:${randomBytes(32).toString('base64')}`;
  const newest = `k2:${randomBytes(32).toString('base64')}`;
  const keysOf = (text: string) => parseSecretKeys(text) as SecretKey[];
  let auth: AuthUnderTest;
  let mongo: MongoClient;

  beforeAll(async () => {
    auth = await startAuth(__filename, { SECOND_FACTOR_KEYS: `${newest},${older}` });
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.dispose();
  });

  const factors = () => mongo.db(auth.config.MONGODB_DB).collection<{ _id: string; secret: string }>('second_factors');

  it('stores no plain secret, pending or enabled; sign-in with a code still works', async () => {
    const user = await createActiveUser(auth.url);
    const { access } = await login(auth.url, user.email, user.password);
    const bearer = { Authorization: `Bearer ${access}` };
    const { body } = await request(auth.url)
      .post('/auth/second-factor/enrolment')
      .set(bearer)
      .send({ password: user.password })
      .expect(200);
    const pending = await factors().findOne({ _id: user.id });
    expect(pending?.secret).toMatch(/^v1:k2:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(pending)).not.toContain(body.secret);
    await request(auth.url)
      .post('/auth/second-factor/confirm')
      .set(bearer)
      .send({ code: await totpAt(body.secret) })
      .expect(200);
    const enabled = await factors().findOne({ _id: user.id });
    expect(enabled?.secret).toBe(pending?.secret);
    expect(JSON.stringify(enabled)).not.toContain(body.secret);
    // Only the account's own id opens it, with the service's keys.
    const box = new SecretBox(keysOf(`${newest},${older}`));
    expect(box.open(enabled!.secret, user.id)).toBe(body.secret);
    expect(() => box.open(enabled!.secret, 'another-account')).toThrow();
    await request(auth.url).post('/auth/token/').send({ email: user.email, password: user.password }).expect(401);
    await signInWithCode(auth.url, user, body.secret);
  });

  it('refuses a code of a secret copied from another account (401 mfa_invalid, not an error); a recovery code still works', async () => {
    const owner = await createActiveUser(auth.url);
    const ownerFactor = await enrolSecondFactor(auth.url, (await login(auth.url, owner.email, owner.password)).access, owner.password);
    const other = await createActiveUser(auth.url);
    const { recoveryCodes } = await enrolSecondFactor(
      auth.url,
      (await login(auth.url, other.email, other.password)).access,
      other.password,
    );
    const copied = await factors().findOne({ _id: owner.id });
    await factors().updateOne({ _id: other.id }, { $set: { secret: copied!.secret } });
    const { body } = await request(auth.url)
      .post('/auth/token/')
      .send({ email: other.email, password: other.password, otp: await totpAt(ownerFactor.secret, Date.now() + 30_000) })
      .expect(401);
    expect(body.code).toBe('mfa_invalid');
    await request(auth.url)
      .post('/auth/token/')
      .send({ email: other.email, password: other.password, recovery_code: recoveryCodes[0] })
      .expect(200);
  });

  it.each([
    ['a plain secret written before encryption', (secret: string) => secret],
    ['a secret sealed with an older key still listed', (secret: string, id: string) => new SecretBox(keysOf(older)).seal(secret, id)],
  ])('reads %s, and seals it with the newest key on its next use', async (_, stored) => {
    const user = await createActiveUser(auth.url);
    await enrolSecondFactor(auth.url, (await login(auth.url, user.email, user.password)).access, user.password);
    const secret = newSecret();
    await factors().updateOne({ _id: user.id }, { $set: { secret: stored(secret, user.id) } });
    await signInWithCode(auth.url, user, secret);
    const after = await factors().findOne({ _id: user.id });
    expect(after?.secret).toMatch(/^v1:k2:/);
    expect(new SecretBox(keysOf(newest)).open(after!.secret, user.id)).toBe(secret);
  });

  it('the admin CLI seals every plain or older-key secret with the newest key (reseal-second-factors), only with the keys set', async () => {
    const users = await Promise.all([0, 1, 2].map(() => createActiveUser(auth.url)));
    for (const user of users) await enrolSecondFactor(auth.url, (await login(auth.url, user.email, user.password)).access, user.password);
    const [plain, old, unreadable] = [newSecret(), newSecret(), newSecret()];
    await factors().updateOne({ _id: users[0].id }, { $set: { secret: plain } });
    await factors().updateOne({ _id: users[1].id }, { $set: { secret: new SecretBox(keysOf(older)).seal(old, users[1].id) } });
    const lost = `lost:${randomBytes(32).toString('base64')}`;
    await factors().updateOne({ _id: users[2].id }, { $set: { secret: new SecretBox(keysOf(lost)).seal(unreadable, users[2].id) } });
    const conn = await mongoose.createConnection(auth.config.MONGODB_URI, { dbName: auth.config.MONGODB_DB }).asPromise();
    try {
      const box = new SecretBox(keysOf(`${newest},${older}`));
      const reseal = { command: 'reseal-second-factors' as const, email: '' };
      await expect(runAdminCommand(conn, reseal, 10, { secretBox: box })).rejects.toThrow('reseal-second-factors needs SECOND_FACTOR_KEYS');
      expect(await runAdminCommand(conn, reseal, 10, { secretBox: box, secondFactorKeysSet: true })).toMatch(
        /^second factors: 2 sealed with key "k2", \d+ already were, 1 unreadable$/,
      );
      const stored = await factors()
        .find({ _id: { $in: users.map((u) => u.id) } })
        .toArray();
      const byId = new Map(stored.map((f) => [f._id, f.secret]));
      expect(box.open(byId.get(users[0].id)!, users[0].id)).toBe(plain);
      expect(box.open(byId.get(users[1].id)!, users[1].id)).toBe(old);
      expect(byId.get(users[0].id)).toMatch(/^v1:k2:/);
      expect(byId.get(users[1].id)).toMatch(/^v1:k2:/);
      expect(byId.get(users[2].id)).toMatch(/^v1:lost:/);
    } finally {
      await conn.close();
    }
  });
});
