// Retention enforced by code (issue #41, docs/security/retention.md): data written at chosen dates, then the sweep run with
// its clock moved past each period. Decided reports go (their reporters' links with them) and the review's open totals stay
// right, open ones stay; old moderation actions and reads go, recent ones stay; detached reviews that are not public go with
// their class claim, task and users' links, public or attached ones stay. Every query of the sweep is index-served (the
// suite's query-shape check at the end of the run).
import { request } from '@pupitre/server-kit/testing';
import { DETACHED_AT_MIGRATION, migrateToDetachedAt } from '../../app/data/detached-at.migration';
import { reviewOid } from '../../app/data/keys';
import { ModerationLog } from '../../app/data/moderation-log';
import { ReviewStore } from '../../app/data/review-store';
import { TaskStore } from '../../app/data/task-store';
import { UserStore } from '../../app/data/user-store';
import { newReview, published, type ReviewDoc, type ReviewReport, withVisibility } from '../../app/reviews/review';
import { withDerived } from '../../app/reviews/list-keys';
import { detachmentDate } from '../../app/reviews/votes-and-reports';
import { aggregateMismatches, type Harness, startHarness, teachersOf } from '../../../testing/rating-harness';
import { UserErasureService } from '../erasure/user-erasure.service';
import { RETENTION_PAGE, RetentionSweep } from './retention-sweep';

jest.setTimeout(120_000);

const DAY = 86_400_000;

describe('retention sweep (the clock moved past each period)', () => {
  let h: Harness;
  /** The test's "today": every date below is relative to it, and the sweeps' clocks are moved from it. */
  const T = Date.now();
  const at = (days: number) => new Date(T + days * DAY);
  let nextId = 900_000;
  const ids: Record<string, number> = {};
  /** The detachment dates the erasures wrote (before the test moves them to its chosen dates). */
  const detachedBy: Record<string, Date | null | undefined> = {};

  const get = <C>(cls: new (...args: never[]) => C): C => h.worker!.app.get(cls as never) as C;
  const review = (id: number) => h.conn.collection<ReviewDoc>('reviews').findOne({ id });
  const reportsOf = async (id: number) => (await review(id))?.reports.map((r) => r.userId);
  const reportedBy = async (userId: string) => (await get(UserStore).get(userId)).reported;

  /** A review written straight to the store (its figures and class claim with it), by `authorId`, as `shape` makes it. */
  async function write(name: string, authorId: string, shape: (doc: ReviewDoc) => ReviewDoc = (d) => d): Promise<number> {
    const id = nextId++;
    const [teacher] = await teachersOf(h.conn);
    const content = {
      teacherId: teacher.id,
      subjectId: teacher.subjectIds[0],
      year: 2020 + (id % 5),
      tot_rating: 7,
      grades: {},
      flags: {},
      text_rating: `retention ${name}`,
    };
    const doc = shape({ ...newReview(id, reviewOid(id), authorId, content, at(-60), at(-60)), fence: 0 } as ReviewDoc);
    await get(ReviewStore).insert(withDerived(withVisibility(doc)));
    ids[name] = id;
    return id;
  }
  const rejected = (d: ReviewDoc): ReviewDoc => ({ ...d, status: 'rejected', reason: 'insult' });
  const held = (d: ReviewDoc): ReviewDoc => ({ ...d, status: 'held', reason: 'checks', heldAt: at(-40) });
  const report = (userId: string, extra: Partial<ReviewReport>): ReviewReport => ({
    userId,
    content: `report by ${userId}`,
    weight: 1,
    at: at(-60),
    outcome: 'open',
    reason: null,
    decidedAt: null,
    ...extra,
  });
  /** Moves a review's last change to `date` (as if nothing had changed it since). */
  const unchangedSince = (id: number, date: Date) => h.conn.collection('reviews').updateOne({ id }, { $set: { updatedAt: date } });
  const sweep = (days: number) => get(RetentionSweep).sweep(at(days));

  beforeAll(async () => {
    // The worker's own sweep at start-up (real clock) and then none for 1000 days: only the test's clocks sweep.
    h = await startHarness(__filename, { worker: true, workerEnv: { RETENTION_INTERVAL: '1000d' } });

    // Reports: rep-a's two decided 30 days ago, rep-b's decided 5 days ago, rep-c's still open (made 60 days ago).
    const w = 0.5;
    await write('reported', 'author-r1', (d) => ({
      ...published(d, at(-60)),
      reports: [
        report('rep-a', { outcome: 'kept', reason: 'fine', decidedAt: at(-30) }),
        report('rep-b', { outcome: 'removed', reason: 'insult', decidedAt: at(-5) }),
        report('rep-c', { weight: w }),
      ],
      reportCount: 1,
      reportWeight: w,
    }));
    await write('reported-once', 'author-r2', (d) => ({
      ...published(d, at(-60)),
      reports: [report('rep-a', { outcome: 'kept', reason: 'fine', decidedAt: at(-30) })],
    }));
    for (const [user, names] of [
      ['rep-a', ['reported', 'reported-once']],
      ['rep-b', ['reported']],
      ['rep-c', ['reported']],
    ] as const)
      for (const name of names) await get(UserStore).add(user, 'reported', ids[name]);

    // Moderation records: an action 30 days ago and one 5 days ago; more than two pages of reads 30 days ago, one 5 days ago.
    const log = get(ModerationLog);
    const action = (date: Date) => ({
      target: 'review' as const,
      reviewId: ids.reported,
      action: 'approve' as const,
      reason: 'fine',
      moderatorId: 'mod-1',
      before: { status: 'published' },
      after: { status: 'published' },
      at: date,
    });
    await log.record(action(at(-30)));
    await log.record(action(at(-5)));
    await h.conn
      .collection('moderation_reads')
      .insertMany(
        Array.from({ length: 2 * RETENTION_PAGE + 5 }, (_, i) => ({ moderatorId: 'mod-1', what: 'queue', reviewIds: [i], at: at(-30) })),
      );
    await log.recordRead({ moderatorId: 'mod-1', what: 'queue', reviewIds: [1], at: at(-5) });

    // Detached reviews: gone-1 erased 30 days ago (a rejected, a public and a held review), gone-2 5 days ago (a rejected one);
    // stays-1 not erased (a rejected review, unchanged for long); a review detached by an earlier release, without its date.
    await write('detached-rejected', 'gone-1', rejected);
    await write('detached-public', 'gone-1', (d) => published(d, at(-60)));
    await write('detached-held', 'gone-1', held);
    await write('detached-recently', 'gone-2', rejected);
    await write('attached-rejected', 'stays-1', rejected);
    await write('legacy-detached', 'erased-00000000-0000-4000-8000-000000000000', rejected);
    await get(TaskStore).add(ids['detached-rejected'], at(10_000)); // never due: only the sweep removes it
    await get(UserStore).add('fan', 'favorites', ids['detached-rejected']);
    await get(UserStore).add('fan', 'favorites', ids['detached-public']);
    const erasure = get(UserErasureService);
    await erasure.erase({ userId: 'gone-1', erasedAt: at(-30).toISOString() }, at(-30));
    await erasure.erase({ userId: 'gone-2', erasedAt: at(-5).toISOString() }, at(-5));
    for (const name of ['detached-rejected', 'detached-recently', 'attached-rejected', 'legacy-detached'])
      detachedBy[name] = (await review(ids[name]))?.detachedAt;
    // The erasures date a detachment to the next month's start; the test puts them on its own days: 30 and 5 days ago.
    for (const [name, days] of [
      ['detached-rejected', -30],
      ['detached-public', -30],
      ['detached-held', -30],
      ['detached-recently', -5],
    ] as const)
      await h.conn.collection('reviews').updateOne({ id: ids[name] }, { $set: { detachedAt: at(days) } });
    // Nothing changed them since, but the held one: a change 2 days ago (its period counts from there).
    for (const name of ['detached-rejected', 'detached-public', 'attached-rejected', 'legacy-detached'])
      await unchangedSince(ids[name], at(-30));
    await unchangedSince(ids['detached-held'], at(-2));
    await unchangedSince(ids['detached-recently'], at(-5));
  });
  afterAll(() => h?.close());

  it('dates a detachment: the erasure sets detachedAt, the migration dates those an earlier release detached', async () => {
    expect(detachedBy).toEqual({
      'detached-rejected': detachmentDate(at(-30)), // the start of the month after the erasure
      'detached-recently': detachmentDate(at(-5)),
      'attached-rejected': undefined,
      'legacy-detached': undefined,
    });
    expect(await review(ids['detached-rejected'])).toMatchObject({ authorId: expect.stringMatching(/^erased-/) });
    // The migration ran 30 days ago (the seed ran it once already: marked done; run again as on a database of then).
    await h.conn.collection('migrations').deleteOne({ _id: DETACHED_AT_MIGRATION as never });
    expect(await migrateToDetachedAt(h.conn, undefined, at(-30))).toBe(1);
    expect(await review(ids['legacy-detached'])).toMatchObject({ detachedAt: at(-30) });
    expect(await review(ids['detached-recently'])).toMatchObject({ detachedAt: at(-5) }); // its own date kept
    expect(await migrateToDetachedAt(h.conn)).toBe(0); // done
  });

  it('at 160 days: the detached reviews not public and unchanged for 180 days go, with their claim, task and links; nothing else', async () => {
    const [teacher] = await teachersOf(h.conn);
    const claimsBefore = await h.conn.collection('review_claims').countDocuments({ reviewId: ids['detached-rejected'] });
    expect(claimsBefore).toBe(1);
    expect(await sweep(160)).toEqual({ reports: 0, moderation_actions: 0, moderation_reads: 0, detached_reviews: 2 });
    for (const name of ['detached-rejected', 'legacy-detached'])
      expect({ name, doc: await review(ids[name]) }).toEqual({ name, doc: null });
    for (const name of ['detached-public', 'detached-held', 'detached-recently', 'attached-rejected'])
      expect({ name, kept: Boolean(await review(ids[name])) }).toEqual({ name, kept: true });
    expect(await h.conn.collection('review_claims').countDocuments({ reviewId: ids['detached-rejected'] })).toBe(0);
    expect(await h.conn.collection('review_tasks').countDocuments({ reviewId: ids['detached-rejected'] })).toBe(0);
    expect((await get(UserStore).get('fan')).favorites).toEqual([ids['detached-public']]);
    // The teacher's figures still match his reviews (the removed ones were not public).
    expect(await aggregateMismatches(h)).toEqual([]);
    expect((await request(h.api.url).get(`/api/teacher/${teacher.id}`).expect(200)).body.reviews).toBeGreaterThan(0);
  });

  it('at 345 days: the moderators’ reads of a year ago go (in pages), the recent one stays; the detached review hidden lately goes now', async () => {
    expect(await sweep(345)).toEqual({
      reports: 0,
      moderation_actions: 0,
      moderation_reads: 2 * RETENTION_PAGE + 5,
      detached_reviews: 2, // the held one (changed 2 days ago) and gone-2's (detached 5 days ago)
    });
    expect(await h.conn.collection('moderation_reads').countDocuments({})).toBe(1);
    expect(await review(ids['detached-held'])).toBeNull();
    expect(await review(ids['detached-recently'])).toBeNull();
    expect(await review(ids['detached-public'])).toMatchObject({ visible: true }); // public: stays, anonymous
    expect(await review(ids['attached-rejected'])).toMatchObject({ status: 'rejected' }); // its author's: not this rule's
  });

  it('at 380 days: the reports decided 400 days before go with their reporters’ links; the open totals stay right', async () => {
    expect(await sweep(380)).toEqual({ reports: 2, moderation_actions: 0, moderation_reads: 1, detached_reviews: 0 });
    expect(await reportsOf(ids.reported)).toEqual(['rep-b', 'rep-c']);
    expect(await reportsOf(ids['reported-once'])).toEqual([]);
    expect(await review(ids.reported)).toMatchObject({ reportCount: 1, reportWeight: 0.5, flagged: true });
    expect(await review(ids['reported-once'])).toMatchObject({ reportCount: 0, reportWeight: 0 });
    expect(await reportedBy('rep-a')).toEqual([]);
    expect(await reportedBy('rep-b')).toEqual([ids.reported]);
    expect(await reportedBy('rep-c')).toEqual([ids.reported]);
    // A change decided on the review before the sweep decides again (the sweep moved its fence): nothing comes back.
    expect(await get(ReviewStore).change(ids['reported-once'], (doc) => ({ ...doc, text_rating: `${doc.text_rating}.` }))).toMatchObject({
      after: { reports: [] },
    });
  });

  it('at 1075 days: the moderation action of 3 years ago goes, the recent one stays; an open report stays until decided', async () => {
    expect(await sweep(1075)).toEqual({ reports: 1, moderation_actions: 1, moderation_reads: 0, detached_reviews: 0 });
    expect((await h.conn.collection('moderation_actions').find({}).toArray()).map((a) => a.at)).toEqual([at(-5)]);
    expect(await sweep(5000)).toEqual({ reports: 0, moderation_actions: 1, moderation_reads: 0, detached_reviews: 0 });
    expect(await reportsOf(ids.reported)).toEqual(['rep-c']); // open: kept until decided, whatever its age
    expect(await review(ids.reported)).toMatchObject({ reportCount: 1, reportWeight: 0.5 });
    expect(await review(ids['detached-public'])).toMatchObject({ visible: true });
    expect(await review(ids['attached-rejected'])).toMatchObject({ status: 'rejected' });
  });

  it('runs once per RETENTION_INTERVAL over the workers (a timer on the database), and counts what it removed', async () => {
    const sweeper = get(RetentionSweep);
    const due = at(1001);
    const taken = await Promise.all([sweeper.runIfDue(due), sweeper.runIfDue(due), sweeper.runIfDue(due)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await sweeper.runIfDue(at(1002))).toBeNull();
    const metrics = (await request(h.worker!.url).get('/metrics').expect(200)).text;
    const removed = (what: string) =>
      Number(
        metrics
          .split('\n')
          .find((l) => l.startsWith('rating_retention_removed_total{') && l.includes(`what="${what}"`))
          ?.split(' ')
          .pop(),
      );
    expect({
      reports: removed('reports'),
      moderation_actions: removed('moderation_actions'),
      moderation_reads: removed('moderation_reads'),
      detached_reviews: removed('detached_reviews'),
    }).toEqual({ reports: 3, moderation_actions: 2, moderation_reads: 2 * RETENTION_PAGE + 6, detached_reviews: 4 });
  });
});
