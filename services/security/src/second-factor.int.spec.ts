// Issue #38, item 3, across the services: a staff session opened without the second factor is
// refused (403 second-factor-required) by the rating service's moderation and catalogue endpoints,
// one opened with it gets through; a member without it is served as before. And item 8: the second
// factor's security events (enrolled, used, failed, recovery code used), one line each, by request
// id and account key.
import fs from 'node:fs';
import path from 'node:path';
import { accountKey } from '@pupitre/server-kit';
import { request } from '@pupitre/server-kit/testing';
import { enrolSecondFactor, STEP_MS, totpAt } from '../../auth/src/testing/second-factor-kit';
import { useWorld } from './testing/world';

jest.setTimeout(90_000);

type Line = Record<string, unknown>;
const eventsOf = (requestId: string): Line[] =>
  fs
    .readFileSync(path.join(process.env.PRIVACY_AUDIT_DIR ?? '', 'logs.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.includes(requestId))
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.request_id === requestId && l.msg === 'security')
    .map(({ time: _t, level: _l, context: _c, msg: _m, request_id: _r, ...rest }) => rest);
const idOf = (res: { headers: Record<string, string> }) => res.headers['x-request-id'];

describe('the second factor across the services', () => {
  const world = useWorld(__filename);

  it('refuses staff sessions without it at the moderation and catalogue endpoints, and serves those with it', async () => {
    const [withIt, without, admin, member] = await Promise.all([
      world().account('moderator'),
      world().account('moderator', { secondFactor: false }),
      world().account('admin', { secondFactor: false }),
      world().account(),
    ]);
    await request(world().url).get('/api/moderation/queue').set(withIt.bearer).expect(200);
    for (const [who, route] of [
      [without, '/api/moderation/queue'],
      [admin, '/api/moderation/actions'],
      [admin, '/api/admin/subjects'],
    ] as const) {
      const res = await request(world().url).get(route).set(who.bearer).expect(403);
      expect(res.body).toEqual({ error: 'second-factor-required', detail: expect.stringContaining('second factor') });
    }
    // Without it a staff member still uses the site as a member, and can turn it on.
    await request(world().url).get('/auth/me').set(without.bearer).expect(200);
    await request(world().url).get('/auth/second-factor').set(without.bearer).expect(200, { enabled: false, recovery_codes_left: 0 });
    // A member is not asked for it.
    await request(world().url).get('/auth/me/reviews').set(member.bearer).expect(200);
    await request(world().url)
      .get('/api/moderation/queue')
      .set(member.bearer)
      .expect(403, { detail: 'You do not have permission to perform this action.' });
  });

  it('logs enrolled, used, failed and recovery-code-used by account key and request id', async () => {
    const user = await world().account();
    const key = accountKey(user.id);
    const bearer = user.bearer;
    const started = await request(world().url)
      .post('/auth/second-factor/enrolment')
      .set(bearer)
      .send({ password: user.password })
      .expect(200);
    const confirm = await request(world().url)
      .post('/auth/second-factor/confirm')
      .set(bearer)
      .send({ code: await totpAt(started.body.secret) })
      .expect(200);
    const sign = (extra: object) =>
      request(world().url)
        .post('/auth/token/')
        .send({ email: user.email, password: user.password, ...extra });
    const required = await sign({}).expect(401);
    const failed = await sign({ otp: '000000' }).expect(401);
    const used = await sign({ otp: await totpAt(started.body.secret, Date.now() + STEP_MS) }).expect(200);
    const recovered = await sign({ recovery_code: confirm.body.recovery_codes[0] }).expect(200);
    expect({
      confirm: eventsOf(idOf(confirm)),
      required: eventsOf(idOf(required)),
      failed: eventsOf(idOf(failed)),
      used: eventsOf(idOf(used)),
      recovered: eventsOf(idOf(recovered)),
    }).toEqual({
      confirm: [{ event: 'second-factor-enrolled', account: key }],
      required: [{ event: 'access-denied', status: 401, method: 'POST', route: '/auth/token' }],
      failed: [
        { event: 'second-factor-failed', account: key, purpose: 'sign-in', reason: 'wrong-code' },
        { event: 'access-denied', status: 401, method: 'POST', route: '/auth/token' },
      ],
      used: [
        { event: 'second-factor-used', account: key, purpose: 'sign-in', method: 'otp' },
        { event: 'sign-in-succeeded', account: key, method: 'password', second_factor: 'otp' },
      ],
      recovered: [
        { event: 'recovery-code-used', account: key, purpose: 'sign-in', left: 9 },
        { event: 'sign-in-succeeded', account: key, method: 'password', second_factor: 'recovery-code' },
      ],
    });
  });

  it('a staff member enrolled while signed in gets through once signed in again with a code', async () => {
    const moderator = await world().account('moderator', { secondFactor: false });
    const { secret } = await enrolSecondFactor(world().url, moderator.access, moderator.password);
    await request(world().url).get('/api/moderation/queue').set(moderator.bearer).expect(403);
    const { body } = await request(world().url)
      .post('/auth/token/')
      .send({ email: moderator.email, password: moderator.password, otp: await totpAt(secret, Date.now() + STEP_MS) })
      .expect(200);
    await request(world().url)
      .get('/api/moderation/queue')
      .set({ Authorization: `Bearer ${body.access}` })
      .expect(200);
  });
});
