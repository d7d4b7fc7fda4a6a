import { createHash } from 'node:crypto';
// Sessions: log in, rotating refresh, family revocation on re-use, logout, JWKS, every kind of bad
// token, key rotation, the development key kept across restarts, and login timing.
import { accessTokenClaimsSchema } from '@pupitre/contracts';
import { exportJWK, generateKeyPair, jwtVerify, createLocalJWKSet, SignJWT, decodeJwt, decodeProtectedHeader, type CryptoKey } from 'jose';
import { MongoClient } from 'mongodb';
import { request } from '@pupitre/server-kit/testing';
import { type AuthUnderTest, createActiveUser, GOOD_PASSWORD, login, startAuth, uniqueEmail } from '../../testing/auth-test-kit';

jest.setTimeout(90_000);

async function newKey(kid: string): Promise<{ jwk: Record<string, unknown>; key: CryptoKey }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { jwk: { ...(await exportJWK(privateKey)), kid }, key: privateKey };
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('sessions', () => {
  let auth: AuthUnderTest;
  let k1: Awaited<ReturnType<typeof newKey>>;
  let mongo: MongoClient;
  const me = (access: string) => request(auth.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${access}`);
  const refreshWith = (refresh: unknown) => request(auth.url).post('/auth/token/refresh/').send({ refresh });
  const INVALID = { detail: 'Given token not valid for any token type', code: 'token_not_valid' };

  beforeAll(async () => {
    k1 = await newKey('k1');
    auth = await startAuth(__filename, { JWT_PRIVATE_KEYS: JSON.stringify([k1.jwk]) });
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.dispose();
  });

  describe('POST /auth/token/', () => {
    it('answers {access, refresh}: an ES256 access JWT with kid and the contract claims, a recorded refresh token', async () => {
      const user = await createActiveUser(auth.url);
      const res = await request(auth.url)
        .post('/auth/token/')
        .send({ email: `  ${user.email.toUpperCase()}`, password: user.password })
        .expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['access', 'refresh']);
      expect(decodeProtectedHeader(res.body.access)).toEqual({ alg: 'ES256', kid: 'k1', typ: 'JWT' });
      const claims = decodeJwt(res.body.access);
      expect(accessTokenClaimsSchema.parse(claims)).toMatchObject({ sub: user.id, token_type: 'access', roles: ['user'] });
      expect(claims.exp! - claims.iat!).toBe(15 * 60);
      expect(claims.date_joined).toEqual(expect.any(Number));
      const refresh = decodeJwt(res.body.refresh);
      expect(refresh).toMatchObject({ sub: user.id, token_type: 'refresh' });
      expect(refresh.exp! - refresh.iat!).toBe(14 * 86_400);
      const record = await mongo
        .db(auth.config.MONGODB_DB)
        .collection('refresh_tokens')
        .findOne({ _id: refresh.jti as never });
      expect(record).toMatchObject({ userId: user.id, status: 'active', tokenHash: expect.any(String) });
    });

    it('answers 401 for a wrong password, an unknown e-mail and an inactive account, with one body', async () => {
      const user = await createActiveUser(auth.url);
      const body = { detail: 'No active account found with the given credentials' };
      await request(auth.url).post('/auth/token/').send({ email: user.email, password: 'Wrong-password-1' }).expect(401, body);
      await request(auth.url)
        .post('/auth/token/')
        .send({ email: uniqueEmail('ghost'), password: 'Wrong-password-1' })
        .expect(401, body);
      const inactive = uniqueEmail();
      await request(auth.url)
        .post('/auth/manage/users/')
        .send({ email: inactive, password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
      await request(auth.url).post('/auth/token/').send({ email: inactive, password: GOOD_PASSWORD }).expect(401, body);
    });

    it('answers 400 for missing fields', async () => {
      await request(auth.url)
        .post('/auth/token/')
        .send({})
        .expect(400, { email: ['This field is required.'], password: ['This field is required.'] });
      await request(auth.url)
        .post('/auth/token/')
        .send({ email: 'a@b.fr' })
        .expect(400, { password: ['This field is required.'] });
    });

    it('takes as long for an unknown e-mail as for a wrong password (a dummy hash is checked)', async () => {
      const user = await createActiveUser(auth.url);
      const time = async (email: string) => {
        const start = process.hrtime.bigint();
        await request(auth.url).post('/auth/token/').send({ email, password: 'Wrong-password-1' }).expect(401);
        return Number(process.hrtime.bigint() - start) / 1e6;
      };
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await time(user.email));
        unknown.push(await time(uniqueEmail('ghost')));
      }
      // Without the dummy hash an unknown e-mail answers in a fraction of the time.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.6);
    });
  });

  describe('refresh, re-use, logout (the journey)', () => {
    it('rotates; the old token is dead; re-using it revokes the family; logout blacklists', async () => {
      const user = await createActiveUser(auth.url);
      const first = await login(auth.url, user.email, user.password);
      const second = (await refreshWith(first.refresh).expect(200)).body;
      expect(Object.keys(second).sort()).toEqual(['access', 'refresh']);
      expect(second.refresh).not.toBe(first.refresh);
      await me(second.access).expect(200, { email: user.email, id: user.id });
      const third = (await refreshWith(second.refresh).expect(200)).body;

      // Re-use of a rotated token: 401 blacklisted, and the whole family dies (third too).
      await refreshWith(first.refresh).expect(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      await refreshWith(third.refresh).expect(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });

      // Another session (another family) is untouched, and logs out.
      const other = await login(auth.url, user.email, user.password);
      await request(auth.url).post('/auth/logout').send({ refresh: other.refresh }).expect(200, {});
      await refreshWith(other.refresh).expect(401, { detail: 'Token is blacklisted', code: 'token_not_valid' });
      await request(auth.url).post('/auth/logout').send({ refresh: other.refresh }).expect(400, { error: 'Token is blacklisted' });
    });

    it("20 concurrent refreshes of one token: one winner, at most 5 overlaps; the 7th presentation kills the family, the winners' tokens included", async () => {
      const user = await createActiveUser(auth.url);
      const pair = await login(auth.url, user.email, user.password);
      const sibling = (await refreshWith((await login(auth.url, user.email, user.password)).refresh).expect(200)).body;
      const answers = await Promise.all(Array.from({ length: 20 }, () => refreshWith(pair.refresh)));
      const ok = answers.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(ok.length).toBeLessThanOrEqual(6);
      for (const r of answers.filter((a) => a.status !== 200))
        expect(r.body).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
      const blacklisted = { detail: 'Token is blacklisted', code: 'token_not_valid' };
      for (const { body } of ok) await refreshWith(body.refresh).expect(401, blacklisted);
      await refreshWith(pair.refresh).expect(401, blacklisted);
      // Another session of the same user is not touched.
      await refreshWith(sibling.refresh).expect(200);
    });

    it('a refresh racing a logout or a re-use of the same family never leaves a working token', async () => {
      const user = await createActiveUser(auth.url);
      for (let round = 0; round < 8; round++) {
        const first = await login(auth.url, user.email, user.password);
        const used = (await refreshWith(first.refresh).expect(200)).body;
        const second = (await refreshWith(used.refresh).expect(200)).body;
        // The holder of `second` refreshes while the family is revoked, by a logout or by a re-use of `first`
        // (its successor used: outside the rotation overlap).
        const revoke = round % 2 ? request(auth.url).post('/auth/logout').send({ refresh: second.refresh }) : refreshWith(first.refresh);
        const [refreshed] = await Promise.all([refreshWith(second.refresh), revoke]);
        if (refreshed.status === 200) await refreshWith(refreshed.body.refresh).expect(401);
        else expect(refreshed.status).toBe(401);
        await refreshWith(second.refresh).expect(401);
      }
    });

    it('refresh: 400 without the field, 401 invalid for garbage, tampering, access tokens and unknown jti', async () => {
      const user = await createActiveUser(auth.url);
      const pair = await login(auth.url, user.email, user.password);
      await request(auth.url)
        .post('/auth/token/refresh/')
        .send({})
        .expect(400, { refresh: ['This field is required.'] });
      const invalid = { detail: 'Token is invalid', code: 'token_not_valid' };
      await refreshWith('garbage').expect(401, invalid);
      await refreshWith(pair.access).expect(401, invalid);
      const [h, p, s] = pair.refresh.split('.');
      const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
      await refreshWith(`${h}.${b64({ ...payload, sub: '0123456789abcdef01234567' })}.${s}`).expect(401, invalid);
      await refreshWith(`${h}.${p}.${s.slice(0, -4)}AAAA`).expect(401, invalid);
      const forged = await new SignJWT({ token_type: 'refresh' })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setSubject(user.id)
        .setJti('forged')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(k1.key);
      await refreshWith(forged).expect(401, invalid);
      await refreshWith(`${b64({ alg: 'none' })}.${p}.`).expect(401, invalid);
      // The genuine token still works after all that.
      await refreshWith(pair.refresh).expect(200);
    });

    it('refresh: a token issued before `aud` existed still refreshes (into tokens with it); one for another audience does not', async () => {
      const user = await createActiveUser(auth.url);
      const legacyOf = (jti: string, claims: Record<string, unknown> = {}) =>
        new SignJWT({ token_type: 'refresh', ...claims })
          .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
          .setSubject(user.id)
          .setJti(jti)
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(k1.key);
      const store = async (jti: string, token: string) =>
        mongo
          .db(auth.config.MONGODB_DB)
          .collection('refresh_tokens')
          .insertOne({
            _id: jti as never,
            userId: user.id,
            family: `legacy-${jti}`,
            tokenHash: createHash('sha256').update(token).digest('base64url'),
            status: 'active',
            sessionVersion: 0,
            expiresAt: new Date(Date.now() + 3_600_000),
          });
      const legacy = await legacyOf('legacy-no-aud');
      await store('legacy-no-aud', legacy);
      const renewed = await refreshWith(legacy).expect(200);
      expect(decodeJwt(renewed.body.access)).toMatchObject({ iss: 'pupitre-auth', aud: ['pupitre-auth', 'pupitre-rating'] });
      const elsewhere = await legacyOf('legacy-other-aud', { aud: 'pupitre-rating' });
      await store('legacy-other-aud', elsewhere);
      await refreshWith(elsewhere).expect(401, { detail: 'Token is invalid', code: 'token_not_valid' });
    });

    it('refresh: 401 expired when the token has expired', async () => {
      const user = await createActiveUser(auth.url);
      const pair = await login(auth.url, user.email, user.password);
      await mongo
        .db(auth.config.MONGODB_DB)
        .collection('refresh_tokens')
        .updateOne({ _id: decodeJwt(pair.refresh).jti as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
      await refreshWith(pair.refresh).expect(401, { detail: 'Token is expired', code: 'token_not_valid' });
    });

    it('logout: 400 {"error"} on an invalid or missing token', async () => {
      await request(auth.url).post('/auth/logout').send({ refresh: 'garbage' }).expect(400, { error: 'Token is invalid' });
      const res = await request(auth.url).post('/auth/logout').send({}).expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('access tokens on GET /auth/manage/users/me/', () => {
    let user: { id: string; email: string; password: string };
    let pair: { access: string; refresh: string };
    beforeAll(async () => {
      user = await createActiveUser(auth.url);
      pair = await login(auth.url, user.email, user.password);
    });
    const sign = (
      claims: Record<string, unknown>,
      key: CryptoKey,
      header: Record<string, unknown> = { alg: 'ES256', kid: 'k1' },
      exp: string | number = '5m',
    ) =>
      new SignJWT({ token_type: 'access', roles: ['user'], iss: 'pupitre-auth', aud: ['pupitre-auth', 'pupitre-rating'], ...claims })
        .setProtectedHeader(header as never)
        .setSubject(user.id)
        .setJti('j')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);

    it('accepts a token signed by the key', async () => {
      await me(await sign({}, k1.key)).expect(200, { email: user.email, id: user.id });
    });

    it.each([
      ['expired', async () => sign({}, k1.key, undefined, Math.floor(Date.now() / 1000) - 10)],
      [
        'tampered',
        async () => {
          const [h, , s] = pair.access.split('.');
          return `${h}.${b64({ ...decodeJwt(pair.access), roles: ['user', 'admin'] })}.${s}`;
        },
      ],
      [
        'alg none',
        async () => {
          const [, p] = pair.access.split('.');
          return `${b64({ alg: 'none', typ: 'JWT' })}.${p}.`;
        },
      ],
      ['signed by another key with the same kid', async () => sign({}, (await newKey('k1')).key)],
      ['a refresh token', async () => pair.refresh],
      ['token_type refresh', async () => sign({ token_type: 'refresh' }, k1.key)],
      [
        'HS256 with the public key as secret',
        async () => {
          const pub = await exportJWK((await generateKeyPair('ES256')).publicKey);
          return new SignJWT({ token_type: 'access', roles: ['user'] })
            .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
            .setSubject(user.id)
            .setJti('j')
            .setIssuedAt()
            .setExpirationTime('5m')
            .sign(new TextEncoder().encode(JSON.stringify(pub)));
        },
      ],
      ['without roles', async () => sign({ roles: undefined }, k1.key)],
      // Issue #38: iss and aud are required, and the audience must be this service.
      ['without an audience', async () => sign({ aud: undefined }, k1.key)],
      ['for the rating service only', async () => sign({ aud: 'pupitre-rating' }, k1.key)],
      ['for refreshing', async () => sign({ aud: 'pupitre-auth-refresh' }, k1.key)],
      ['without an issuer', async () => sign({ iss: undefined }, k1.key)],
      ['from another issuer', async () => sign({ iss: 'https://accounts.example.org' }, k1.key)],
    ])('rejects %s with the 401 body', async (_name, make) => {
      await me(await make()).expect(401, INVALID);
    });
  });

  describe('GET /auth/.well-known/jwks.json', () => {
    it('publishes the public key with its kid and no private part, and verifies issued tokens locally', async () => {
      const res = await request(auth.url)
        .get('/auth/.well-known/jwks.json')
        .expect(200)
        .expect('Cache-Control', /max-age/);
      expect(res.body).toEqual({ keys: [{ kty: 'EC', crv: 'P-256', x: k1.jwk.x, y: k1.jwk.y, kid: 'k1', alg: 'ES256', use: 'sig' }] });
      const user = await createActiveUser(auth.url);
      const { access } = await login(auth.url, user.email, user.password);
      const { payload } = await jwtVerify(access, createLocalJWKSet(res.body), { algorithms: ['ES256'] });
      expect(payload.sub).toBe(user.id);
      // Who issued it, and for whom: the auth service and the rating service, never a refresh.
      expect({ iss: payload.iss, aud: payload.aud }).toEqual({ iss: 'pupitre-auth', aud: ['pupitre-auth', 'pupitre-rating'] });
      const { refresh } = await login(auth.url, user.email, user.password);
      expect(decodeJwt(refresh)).toMatchObject({ iss: 'pupitre-auth', aud: ['pupitre-auth-refresh'] });
    });
  });

  describe('key rotation', () => {
    it('publish the new key, switch, retire: tokens signed by the previous key keep working until they expire; refresh tokens survive', async () => {
      const user = await createActiveUser(auth.url);
      const old = await login(auth.url, user.email, user.password);
      const oldRefresh2 = (await login(auth.url, user.email, user.password)).refresh;
      const k2 = await newKey('k2');
      const keysEnv = (keys: unknown[]) => ({
        JWT_PRIVATE_KEYS: JSON.stringify(keys),
        MONGODB_DB: auth.config.MONGODB_DB,
        THROTTLE_PREFIX: auth.config.THROTTLE_PREFIX,
      });

      // Switch: k2 signs, k1 still published.
      const switched = await startAuth(__filename, keysEnv([k2.jwk, k1.jwk]));
      try {
        const jwks = (await request(switched.url).get('/auth/.well-known/jwks.json').expect(200)).body;
        expect(jwks.keys.map((k: { kid: string }) => k.kid)).toEqual(['k2', 'k1']);
        await request(switched.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${old.access}`).expect(200);
        const fresh = await login(switched.url, user.email, user.password);
        expect(decodeProtectedHeader(fresh.access).kid).toBe('k2');
        const rotated = (await request(switched.url).post('/auth/token/refresh/').send({ refresh: old.refresh }).expect(200)).body;
        expect(decodeProtectedHeader(rotated.access).kid).toBe('k2');
      } finally {
        await switched.close();
      }

      // Retire: k1 gone. Its access tokens no longer verify (they would have expired by now); its refresh tokens still rotate.
      const retired = await startAuth(__filename, keysEnv([k2.jwk]));
      try {
        await request(retired.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${old.access}`).expect(401, INVALID);
        await request(retired.url).post('/auth/token/refresh/').send({ refresh: oldRefresh2 }).expect(200);
      } finally {
        await retired.close();
      }
    });
  });

  describe('short lifetimes and the development key', () => {
    it('access and refresh tokens expire after ACCESS_TOKEN_TTL / REFRESH_TOKEN_TTL', async () => {
      // 3 s, not 1 s: a token's times are whole seconds, so a 1 s token can be expired the instant it
      // is issued; on a loaded machine the first request then met a 401 (CI, stop 48).
      const short = await startAuth(`${__filename}-short`, { ACCESS_TOKEN_TTL: '3s', REFRESH_TOKEN_TTL: '3s' });
      try {
        const user = await createActiveUser(short.url);
        const pair = await login(short.url, user.email, user.password);
        await request(short.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${pair.access}`).expect(200);
        await new Promise((r) => setTimeout(r, 4100));
        await request(short.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${pair.access}`).expect(401, INVALID);
        await request(short.url)
          .post('/auth/token/refresh/')
          .send({ refresh: pair.refresh })
          .expect(401, { detail: 'Token is expired', code: 'token_not_valid' });
      } finally {
        await short.dispose();
      }
    });

    it('without JWT_PRIVATE_KEYS (development) generates one key, stores it in the database and keeps it across restarts', async () => {
      const first = await startAuth(`${__filename}-dev`);
      let kid: string;
      let dbName: string;
      let access: string;
      try {
        dbName = first.config.MONGODB_DB;
        kid = (await request(first.url).get('/auth/.well-known/jwks.json').expect(200)).body.keys[0].kid;
        expect(kid).toMatch(/^dev-/);
        const user = await createActiveUser(first.url);
        access = (await login(first.url, user.email, user.password)).access;
      } finally {
        await first.close();
      }
      const second = await startAuth(`${__filename}-dev`, { MONGODB_DB: dbName });
      try {
        expect((await request(second.url).get('/auth/.well-known/jwks.json').expect(200)).body.keys[0].kid).toBe(kid);
        await request(second.url).get('/auth/manage/users/me/').set('Authorization', `Bearer ${access}`).expect(200);
      } finally {
        await second.dispose();
      }
    });
  });
});
