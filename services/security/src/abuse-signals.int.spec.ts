// Issue #41, item 6: unusual activity fires a metric (`pupitre_abuse_signals_total{kind}`, alerted on
// in infra/k8s/components/monitoring) and a security-log line, once per window: mass reporting of one
// teacher's reviews, a burst of sign-ups from one address, many 404s on review ids from one account.
// Low rates here; production's are the config defaults (docs/security/abuse-monitoring.md).
import fs from 'node:fs';
import path from 'node:path';
import { accountKey } from '@pupitre/server-kit';
import { request } from '@pupitre/server-kit/testing';
import { GOOD_PASSWORD, uniqueEmail } from '../../auth/src/testing/auth-test-kit';
import { clientAt } from './testing/throttling';
import { useWorld } from './testing/world';

jest.setTimeout(120_000);

/** The counter's value for `kind` on a process's /metrics. */
async function signals(baseUrl: string, kind: string): Promise<number> {
  const { text } = await request(baseUrl).get('/metrics').expect(200);
  const line = text.split('\n').find((l) => l.startsWith('pupitre_abuse_signals_total{') && l.includes(`kind="${kind}"`));
  return line ? Number(line.split(' ').pop()) : NaN;
}

/** `read()` once it answers `want` (the signal is counted just after the answer is sent), within 5 s. */
async function settled(read: () => Promise<number>, want: number): Promise<number> {
  const until = Date.now() + 5_000;
  let value = await read();
  while (value !== want && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

/** Every `abuse-suspected` line of this file's services so far (other suites' services, at the default rates, write theirs too). */
function abuseLines(kind: string, limit: number): Record<string, unknown>[] {
  const file = path.join(process.env.PRIVACY_AUDIT_DIR ?? '', 'logs.jsonl');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.includes('abuse-suspected'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.event === 'abuse-suspected' && l.kind === kind && l.limit === limit);
}

describe('abuse signals', () => {
  const world = useWorld(__filename, {
    auth: { ABUSE_SIGNUPS_PER_ADDRESS: '3/1h' },
    ratingEnv: { ABUSE_REPORTS_PER_TEACHER: '2/1h', ABUSE_REVIEW_404S_PER_ACCOUNT: '3/10m' },
  });

  it('every kind is exported at 0 from the start (an alert on increase() needs the series)', async () => {
    expect(await signals(world().auth.url, 'signup-burst')).toBe(0);
    expect(await signals(world().rating.api.url, 'mass-reporting')).toBe(0);
    expect(await signals(world().rating.api.url, 'review-probing')).toBe(0);
  });

  it('a burst of sign-ups from one address fires once; the line names no address and no account', async () => {
    const signUp = (address: string) =>
      clientAt(world().auth.url, address)
        .post('/auth/manage/users/', { email: uniqueEmail('burst'), password: GOOD_PASSWORD, re_password: GOOD_PASSWORD })
        .expect(201);
    for (let i = 0; i < 3; i++) await signUp('198.51.100.77');
    await signUp('198.51.100.78'); // another address counts apart
    expect(await signals(world().auth.url, 'signup-burst')).toBe(0);
    await signUp('198.51.100.77');
    await signUp('198.51.100.77');
    expect(await signals(world().auth.url, 'signup-burst')).toBe(1);
    const lines = abuseLines('signup-burst', 3);
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0])).not.toMatch(/198\.51\.100/);
    expect(lines[0]).toMatchObject({ kind: 'signup-burst', limit: 3, windowSeconds: 3600 });
    expect(lines[0].account).toBeUndefined();
  });

  it("reports on one teacher's reviews past the rate fire once, naming the teacher and not the reporter", async () => {
    const teacherNumber = 7;
    const reviews: number[] = [];
    for (let i = 0; i < 3; i++) reviews.push(await world().publicReview(await world().account(), teacherNumber));
    const reporter = await world().account();
    const report = (id: number) =>
      request(world().url).post(`/api/rating/${id}/report`).set(reporter.bearer).send({ content: 'Names a pupil' }).expect(201);
    await report(reviews[0]);
    await report(reviews[1]);
    expect(await signals(world().rating.api.url, 'mass-reporting')).toBe(0);
    await report(reviews[2]);
    expect(await settled(() => signals(world().rating.api.url, 'mass-reporting'), 1)).toBe(1);
    const lines = abuseLines('mass-reporting', 2);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ kind: 'mass-reporting', teacherId: expect.any(Number) });
    expect(line.account).toBeUndefined();
    expect(JSON.stringify(line)).not.toContain(reporter.id);
  });

  it('404s on review ids from one account past the rate fire once, naming the account by its key only; other 404s do not count', async () => {
    const prober = await world().account();
    const vote = (id: number) => request(world().url).post(`/api/relatable/${id}`).set(prober.bearer).send({ value: true }).expect(404);
    await request(world().url).get('/api/teacher/999999').set(prober.bearer).expect(404); // not a review id
    for (const id of [910_001, 910_002, 910_003]) await vote(id);
    expect(await signals(world().rating.api.url, 'review-probing')).toBe(0);
    await vote(910_004);
    expect(await settled(() => signals(world().rating.api.url, 'review-probing'), 1)).toBe(1);
    await vote(910_005);
    expect(await signals(world().rating.api.url, 'review-probing')).toBe(1);
    const lines = abuseLines('review-probing', 3);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({ kind: 'review-probing', account: accountKey(prober.id) });
    expect(JSON.stringify(line)).not.toContain(prober.id);
  });
});
