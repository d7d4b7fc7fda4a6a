// Decisions keep their record under races: moderators deciding one review at once each leave exactly one audit record per
// decision applied (written in the decision's transaction), and the outbox entry they share stays until the relay sent it.
import { request } from '@pupitre/server-kit/testing';
import { ClassClaims } from '../data/class-claims';
import { ReviewStore } from '../data/review-store';
import { TeacherStatsStore } from '../data/teacher-stats-store';
import { type Harness, reviewPayload, startHarness, teachersOf, waitFor, waitShown } from '../../../testing/rating-harness';

jest.setTimeout(90_000);

describe('decisions keep their record', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true });
  });
  afterAll(() => h?.close());

  it('concurrent decisions on one review: one audit record per decision applied; the outbox entry survives until relayed', async () => {
    const t = (await teachersOf(h.conn))[2];
    const author = await h.auth('race-author');
    const { id } = (
      await request(h.api.url)
        .post('/api/rating/0')
        .set(author)
        .send(reviewPayload(t.id, t.subjectIds[0], { text_rating: 'I will kill him' }))
        .expect(201)
    ).body;
    await waitShown(h, id, 'held');
    await h.stopWorker(); // no relay while the moderators decide
    const moderators = await Promise.all(Array.from({ length: 8 }, (_, i) => h.auth(`race-mod-${i}`, ['user', 'moderator'])));
    const responses = await Promise.all(
      moderators.map((m, i) =>
        request(h.api.url)
          .post(`/api/moderation/reviews/${id}/${i % 2 ? 'reject' : 'approve'}`)
          .set(m)
          .send(i % 2 ? { reason: 'threat' } : {}),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const applied = responses.filter((r) => r.status === 200).length;
    expect(applied).toBeGreaterThanOrEqual(1);
    const records = await h.conn.collection('moderation_actions').find({ reviewId: id }).toArray();
    expect(records).toHaveLength(applied);
    // Each applied decision's moderator has his record, and none of a refused one.
    const appliedBy = moderators.flatMap((_, i) => (responses[i].status === 200 ? [`race-mod-${i}`] : [])).sort();
    expect(records.map((r) => r.moderatorId).sort()).toEqual(appliedBy);
    // The losers did not clear the entry the winner's notices depend on: only the relay does.
    const outbox = h.conn.collection('outbox');
    expect(await outbox.countDocuments({ _id: `review:${id}` as never })).toBe(1);
    await h.startWorker(); // its reconciler relays entries older than RECONCILE_GRACE (1 s) every second
    await waitFor(async () => (await outbox.countDocuments({ _id: `review:${id}` as never })) === 0, 20_000, 'the relay cleared the entry');
  });

  it('a decision whose audit record cannot be written is not stored either (one transaction)', async () => {
    const [{ id }] = await h.conn
      .collection('reviews')
      .find({}, { projection: { _id: 0, id: 1 } })
      .limit(1)
      .toArray();
    const before = await h.conn.collection('reviews').findOne({ id });
    const store = new ReviewStore(
      h.conn.collection('reviews') as never,
      new TeacherStatsStore(h.conn.collection('teacher_stats') as never, h.conn.getClient() as never),
      new ClassClaims(h.conn.collection('review_claims') as never),
    );
    const failing = async () => {
      throw new Error('the audit record could not be written');
    };
    await expect(store.change(id, (doc) => ({ ...doc, hidden: !doc.hidden }), failing)).rejects.toThrow('could not be written');
    expect(await h.conn.collection('reviews').findOne({ id })).toEqual(before);
  });
});
