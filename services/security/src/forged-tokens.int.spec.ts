// Forged, stolen-and-bent and dead tokens on every Bearer endpoint (from the registry: those whose
// 401 is simplejwt's): always 401 with the contract's body, never a 2xx, 403 or 5xx. The same
// request with the caller's real token is not a 401, so each 401 is the token's doing.
// Reads of the rating service stay stateless (ADR 0006): the token of a logged-out session or of a
// deleted account may still read there until it expires (15 min); writes are refused at once.
import { type Endpoint } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { randomBytes } from 'node:crypto';
import { type Forgery, forgeriesFrom, signedByAuth } from './testing/forgery';
import { adminOnly, BEARER_ENDPOINTS, type Fixtures, label, realPath, serviceOf } from './testing/registry';
import { type Account, startWorld, type World } from './testing/world';

jest.setTimeout(120_000);

const REFUSALS = [
  'Authentication credentials were not provided.',
  'Given token not valid for any token type',
  'Authorization header must contain two space-delimited values',
  'User not found',
];

describe('forged tokens on every Bearer endpoint', () => {
  let w: World;
  let user: Account;
  let admin: Account;
  let fx: Fixtures;
  let forgeries: Forgery[];
  let expired: Forgery;
  let unknownUser: Forgery;
  let deletedAccount: Forgery;
  let loggedOut: Forgery;

  beforeAll(async () => {
    w = await startWorld(__filename);
    const [author, deleted, left] = await Promise.all([w.account(), w.account(), w.account()]);
    [user, admin] = await Promise.all([w.account(), w.account('admin')]);
    fx = await w.fixtures(author);
    forgeries = await forgeriesFrom(w, user);
    const now = Math.floor(Date.now() / 1000);
    expired = {
      name: 'expired a minute ago (signed by the auth key)',
      header: `Bearer ${await signedByAuth(w, user, { iat: now - 960, exp: now - 60 })}`,
    };
    unknownUser = {
      name: 'for a user who is no account (signed by the auth key)',
      header: `Bearer ${await signedByAuth(w, user, { sub: randomBytes(12).toString('hex') })}`,
    };
    await request(w.url).delete('/auth/manage/users/me/').set(deleted.bearer).send({ current_password: deleted.password }).expect(204);
    deletedAccount = { name: 'of a deleted account', header: deleted.bearer.Authorization };
    await request(w.url).post('/auth/logout').send({ refresh: left.refresh }).expect(200);
    loggedOut = { name: 'of a logged-out session', header: left.bearer.Authorization };
  });
  afterAll(() => w?.close());

  /** The forgeries that must fail on `e`: see the header comment for dead tokens on rating reads. */
  const refusedOn = (e: Endpoint): Forgery[] => {
    const write = e.method !== 'GET';
    const auth = serviceOf(e) === 'auth';
    return [
      ...forgeries,
      expired,
      ...(auth ? [unknownUser] : []),
      ...(auth || write ? [deletedAccount] : []),
      ...(write ? [loggedOut] : []),
    ];
  };

  const call = (e: Endpoint, header?: string) => {
    const req = request(w.url)[e.method.toLowerCase() as 'get'](realPath(e, fx));
    if (header !== undefined) req.set('Authorization', header);
    // What the endpoint reads comes after the token (the account deletion's password too).
    return req.send({ current_password: 'not-the-password' });
  };

  it('finds Bearer endpoints in both services', () => {
    expect(new Set(BEARER_ENDPOINTS.map(serviceOf))).toEqual(new Set(['auth', 'rating']));
  });

  it.each(BEARER_ENDPOINTS.map((e) => [label(e), e] as const))('%s', async (_, e) => {
    const real = adminOnly(e) ? admin : user;
    expect((await call(e, real.bearer.Authorization)).status).not.toBe(401);
    const problems: string[] = [];
    for (const f of refusedOn(e)) {
      try {
        const res = await call(e, f.header);
        if (res.status !== 401 || !REFUSALS.includes(res.body.detail)) problems.push(`${f.name}: ${res.status} ${res.text.slice(0, 160)}`);
      } catch (err) {
        problems.push(`${f.name}: ${(err as Error).message.slice(0, 400)}`);
      }
    }
    expect(problems).toEqual([]);
    await w.expectAlive();
  });
});
