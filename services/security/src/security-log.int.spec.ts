// Issue #38, the security log: every answer names its request (`X-Request-Id`), and every security
// decision is one JSON line carrying that id and naming the account only by its keyed hash, never
// by e-mail or id: sign-in successes and failures, a refresh token used twice, a logout, every 401
// and 403 of both services, a role granted or revoked. Read from the lines the services really wrote
// (the integration run copies every line: PRIVACY_AUDIT_DIR), found by the answers' request ids, as
// an operator follows a request or an account (docs/security-log.md).
import fs from 'node:fs';
import path from 'node:path';
import { accountKey } from '@pupitre/server-kit';
import { request } from '@pupitre/server-kit/testing';
import { type Account, startWorld, type World } from './testing/world';

jest.setTimeout(90_000);

type Line = Record<string, unknown>;

/** The lines every service wrote for the request whose answer carried `requestId`. */
function linesOf(requestId: string): Line[] {
  const file = path.join(process.env.PRIVACY_AUDIT_DIR ?? '', 'logs.jsonl');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes(requestId))
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.request_id === requestId);
}

/** The security events of that request: `{event, account?, ...}` without time, level and context. */
const eventsOf = (requestId: string) =>
  linesOf(requestId)
    .filter((l) => l.msg === 'security')
    .map(({ time: _t, level: _l, context: _c, msg: _m, request_id: _r, ...rest }) => rest);

const idOf = (res: { headers: Record<string, string> }) => res.headers['x-request-id'];

describe('the security log', () => {
  let world: World;
  let user: Account;

  beforeAll(async () => {
    world = await startWorld(__filename);
    user = await world.account();
  });
  afterAll(() => world?.close());

  it('names every answer by a request id, keeps a proxy-like one and replaces a client’s text', async () => {
    const answers = await Promise.all([
      request(world.url).get('/auth/health'),
      request(world.url).get('/api/teacher/999999'),
      request(world.url).post('/auth/token/').send({}),
      request(world.url).get('/api/teachers/ranking').set('X-Request-Id', '0123456789abcdef0123456789abcdef'),
      request(world.url).get('/api/teachers/ranking').set('X-Request-Id', 'evil\tline'),
    ]);
    const ids = answers.map(idOf);
    expect(ids.slice(0, 3).every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(ids[3]).toBe('0123456789abcdef0123456789abcdef');
    expect(ids[4]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs sign-in failures and successes, a refresh token used twice and a logout, by account key and request id', async () => {
    const key = accountKey(user.id);
    const wrong = await request(world.url)
      .post('/auth/token/')
      .send({ email: user.email, password: 'not the password at all' })
      .expect(401);
    const unknown = await request(world.url)
      .post('/auth/token/')
      .send({ email: 'nobody-here@example.org', password: 'whatever it is' })
      .expect(401);
    const right = await request(world.url).post('/auth/token/').send({ email: user.email, password: user.password }).expect(200);
    const { refresh } = right.body as { refresh: string };
    const next = await request(world.url).post('/auth/token/refresh/').send({ refresh }).expect(200);
    await request(world.url).post('/auth/token/refresh/').send({ refresh: next.body.refresh }).expect(200);
    const reused = await request(world.url).post('/auth/token/refresh/').send({ refresh }).expect(401);
    const second = await request(world.url).post('/auth/token/').send({ email: user.email, password: user.password }).expect(200);
    const logout = await request(world.url).post('/auth/logout').send({ refresh: second.body.refresh }).expect(200);

    expect({
      wrong: eventsOf(idOf(wrong)),
      unknown: eventsOf(idOf(unknown)),
      right: eventsOf(idOf(right)),
      reused: eventsOf(idOf(reused)),
      logout: eventsOf(idOf(logout)),
    }).toEqual({
      wrong: [
        { event: 'sign-in-failed', account: key, reason: 'wrong-password' },
        { event: 'access-denied', status: 401, method: 'POST', route: '/auth/token' },
      ],
      unknown: [
        { event: 'sign-in-failed', reason: 'unknown-account' },
        { event: 'access-denied', status: 401, method: 'POST', route: '/auth/token' },
      ],
      right: [{ event: 'sign-in-succeeded', account: key, method: 'password' }],
      reused: [
        { event: 'refresh-reused', account: key },
        { event: 'access-denied', status: 401, method: 'POST', route: '/auth/token/refresh' },
      ],
      logout: [{ event: 'logged-out', account: key }],
    });
  });

  it('logs every 401 and 403 of the rating service, the account by its key when it is known', async () => {
    const anonymous = await request(world.url).get('/auth/me/reviews').expect(401);
    const notModerator = await request(world.url).get('/api/moderation/queue').set(user.bearer).expect(403);
    expect([eventsOf(idOf(anonymous)), eventsOf(idOf(notModerator))]).toEqual([
      [{ event: 'access-denied', status: 401, method: 'GET', route: '/auth/me/reviews' }],
      [{ event: 'access-denied', account: accountKey(user.id), status: 403, method: 'GET', route: '/api/moderation/queue' }],
    ]);
  });

  it('never names an account by its e-mail or its id, in any line of those requests', async () => {
    const res = await request(world.url).post('/auth/token/').send({ email: user.email, password: 'still not the password' }).expect(401);
    const text = JSON.stringify(linesOf(idOf(res)));
    expect({ lines: linesOf(idOf(res)).length > 0, email: text.includes(user.email), id: text.includes(user.id) }).toEqual({
      lines: true,
      email: false,
      id: false,
    });
  });
});
