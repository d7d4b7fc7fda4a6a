import { rankingSchema } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { ReviewStore } from './data/review-store';
import { TaskStore } from './data/task-store';
import { Publisher } from './publication/publisher';
import { monthIndex, MONTH_UNIT, shuffleKey } from './reviews/list-keys';
import { prng } from '../seed/prng';
import { rankTeachers, roundToOneDecimal, schoolMean } from './teachers/ranking/bayesian-ranking';
import { wilsonLowerBound } from './reading/review-view';
import {
  aggregateMismatches,
  type Harness,
  recomputeFromScratch,
  reviewPayload,
  startHarness,
  teachersOf,
} from '../../testing/rating-harness';

jest.setTimeout(240_000);

/**
 * After a random sequence of creations, publications, votes, edits, reports and moderation, the
 * community, ranking and teacher figures equal a recomputation from scratch of the raw data.
 */
describe('maintained figures equal a from-scratch recomputation', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(__filename, { api: { REVIEW_VALIDATION_DELAY: '0', REPORT_HIDE_THRESHOLD: '2' } });
  });
  afterAll(() => h?.close());

  it('after 150 random operations', async () => {
    const random = prng(20261122);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
    const teachers = (await teachersOf(h.conn)).slice(0, 12);
    const users = Array.from({ length: 12 }, (_, i) => `rnd-user-${i}`);
    const admin = await h.auth('rnd-admin', ['admin']);
    const core = new Publisher(h.api.app.get(ReviewStore), h.api.app.get(TaskStore), h.workerConfig);
    const created: { id: number; author: string; teacher: number; subject: number; year: number }[] = [];
    const url = h.api.url;
    const counts: Record<string, number> = {};
    const demoSample = (await h.conn.collection('reviews').find({ visible: true }).limit(8).toArray()).map((r) => r.id as number);
    const doc = async (id: number) => (await h.conn.collection('reviews').findOne({ id }))!;
    // Each answer is the one the rules give for the documents just before the request (one request at a time): its status, and
    // its error key when refused (e.g. a wrong 404 fails, as would a 403 where the review is someone else's).
    const answered = (step: number, op: string, res: { status: number; body: { error?: string } }) => ({
      step,
      op,
      status: res.status,
      error: res.status >= 400 ? res.body.error : undefined,
    });
    const expectAnswer = (step: number, op: string, res: { status: number; body: { error?: string } }, status: number, error?: string) => {
      expect(answered(step, op, res)).toEqual({ step, op, status, error });
    };
    for (let step = 0; step < 150; step++) {
      const op = pick(['create', 'create', 'publish', 'vote', 'vote', 'unvote', 'edit', 'report', 'moderate']);
      counts[op] = (counts[op] ?? 0) + 1;
      const user = pick(users);
      const auth = await h.auth(user, ['user'], 60); // old enough for their reports to weigh 1 each
      const visible = await h.conn
        .collection('reviews')
        .find({ visible: true, id: { $in: [...demoSample, ...created.map((c) => c.id)] } }, { projection: { id: 1 } })
        .toArray();
      if (op === 'create') {
        const t = pick(teachers);
        const payload = reviewPayload(t.id, pick(t.subjectIds), { year: Math.floor(random() * 7), tot_rating: Math.floor(random() * 11) });
        const duplicate = created.some(
          (c) => c.author === user && c.teacher === t.id && c.subject === payload.subject && c.year === payload.year,
        );
        const res = await request(url).post('/api/rating/0').set(auth).send(payload);
        if (duplicate) expectAnswer(step, op, res, 409, 'duplicate-review');
        else expectAnswer(step, op, res, 201);
        if (res.status === 201)
          created.push({ id: res.body.id, author: user, teacher: t.id, subject: payload.subject as number, year: payload.year as number });
      } else if (op === 'publish') {
        const pending = await h.conn
          .collection('reviews')
          .find({ status: 'pending' }, { projection: { id: 1 } })
          .toArray();
        for (const r of pending) await core.validateDue(r.id);
        await core.releaseDue(new Date(Date.now() + 60_000)); // and the release they wait for, as if it had come
      } else if (op === 'vote' || op === 'unvote') {
        const target = pick(visible);
        if (!target) continue;
        const own = (await doc(target.id)).authorId === user;
        const res =
          op === 'vote'
            ? await request(url)
                .post(`/api/relatable/${target.id}`)
                .set(auth)
                .send({ value: random() < 0.6 })
            : await request(url).delete(`/api/relatable/${target.id}`).set(auth);
        // A public review: a vote on one's own is forbidden; any other vote, and any removal (there or not), is taken.
        if (op === 'vote' && own) expectAnswer(step, op, res, 403, 'forbidden');
        else expectAnswer(step, op, res, 200);
      } else if (op === 'edit' && created.length) {
        const r = pick(created);
        const t = teachers.find((x) => x.id === r.teacher)!;
        const res = await request(url)
          .put(`/api/rating/${r.id}`)
          .set(await h.auth(r.author))
          .send(reviewPayload(t.id, r.subject, { year: r.year, tot_rating: Math.floor(random() * 11), text_rating: `Edit ${step}` }));
        expectAnswer(step, op, res, 200); // its own review, a new text each time: never identical
      } else if (op === 'report') {
        const target = pick(visible);
        if (!target) continue;
        const before = await doc(target.id);
        const res = await request(url).post(`/api/rating/${target.id}/report`).set(auth).send({ content: 'bad' });
        if (before.authorId === user) expectAnswer(step, op, res, 403, 'forbidden');
        else if ((before.reports as { userId: string }[]).some((r) => r.userId === user))
          expectAnswer(step, op, res, 409, 'already-reported');
        else expectAnswer(step, op, res, 201);
      } else if (op === 'moderate') {
        const queue = (await request(url).get('/api/moderation/queue').set(admin).expect(200)).body as { id: number }[];
        const candidates = [...queue.map((q) => q.id), ...created.map((c) => c.id)];
        if (!candidates.length) continue;
        const action = pick(['approve', 'reject', 'restore']);
        const id = pick(candidates);
        const before = await doc(id);
        const res = await request(url)
          .post(`/api/moderation/reviews/${id}/${action}`)
          .set(admin)
          .send(action === 'reject' ? { reason: 'moderator' } : {});
        // review-moderation.ts: approve a held or hidden review or one with open reports; reject one not already rejected and
        // off the pages; restore a rejected one. Anything else is an invalid transition.
        const applies = {
          approve: before.status === 'held' || before.hidden || (before.reports as { outcome: string }[]).some((r) => r.outcome === 'open'),
          reject: !(before.status === 'rejected' && !before.visible),
          restore: before.status === 'rejected',
        }[action]!;
        if (applies) expectAnswer(step, `${op} ${action}`, res, 200);
        else expectAnswer(step, `${op} ${action}`, res, 409, 'invalid-transition');
      }
    }
    expect(Object.keys(counts).sort()).toEqual(['create', 'edit', 'moderate', 'publish', 'report', 'unvote', 'vote']);

    const truth = await recomputeFromScratch(h.conn);
    // Teachers' aggregates (as shown now), teacher pages and the ranking.
    expect(await aggregateMismatches(h)).toEqual([]);
    const allTeachers = await h.conn.collection('teachers').find({}).toArray();
    for (const t of teachers) {
      const detail = (await request(url).get(`/api/teacher/${t.id}`).expect(200)).body;
      const e = truth.teachers.get(t.id)!;
      expect(detail).toMatchObject({
        reviews: e.reviewCount,
        rating: e.reviewCount ? roundToOneDecimal(e.ratingSum / e.reviewCount) : null,
      });
    }
    const ranking = rankingSchema.parse((await request(url).get('/api/teachers/ranking').expect(200)).body);
    const rows = allTeachers.filter((t) => !t.archived).map((t) => ({ id: t.id, name: t.name, ...truth.teachers.get(t.id)! }));
    const totals = rows.reduce((a, r) => ({ s: a.s + r.ratingSum, c: a.c + r.reviewCount }), { s: 0, c: 0 });
    const expectedRanking = rankTeachers(rows, { minReviews: h.apiConfig.RANKING_MIN_REVIEWS, schoolMean: schoolMean(totals.s, totals.c) });
    expect(ranking.map((r) => [r.id, r.rating, r.score, r.reviews])).toEqual(
      expectedRanking.map((r) => [r.teacher.id, r.rating, roundToOneDecimal(r.score), r.teacher.reviewCount]),
    );

    // Review vote counts, and the community categories.
    const reviews = await h.conn.collection('reviews').find({}).toArray();
    for (const r of reviews) expect({ id: r.id, relUp: r.relUp, relTotal: r.relTotal }).toEqual({ id: r.id, ...truth.reviews.get(r.id) });
    const community = (await request(url).get('/api/rating/community?limit=50').expect(200)).body;
    const visibleReviews = reviews.filter((r) => r.visible && r.pub);
    const byTitle = Object.fromEntries(community.slice(0, -1).map((b: { title: string; reviews: unknown[] }) => [b.title, b.reviews]));
    const top = (sorted: typeof visibleReviews) => sorted.slice(0, 50).map((r) => r.id);
    // Newest release month first, then a shuffle of the ids (reviews/list-keys.ts): never by the time of writing.
    const place = (r: (typeof reviews)[0]) => monthIndex(r.firstPublishedAt ?? r.pub.publishedAt) * MONTH_UNIT + shuffleKey(r.id);
    const byCreated = (a: (typeof reviews)[0], b: (typeof reviews)[0]) => place(b) - place(a) || b.id - a.id;
    expect(byTitle.recent.map((r: { id: number }) => r.id)).toEqual(top([...visibleReviews].sort(byCreated)));
    expect(byTitle.highest.map((r: { id: number }) => r.id)).toEqual(
      top([...visibleReviews].sort((a, b) => b.pub.tot_rating - a.pub.tot_rating || byCreated(a, b))),
    );
    expect(byTitle.lowest.map((r: { id: number }) => r.id)).toEqual(
      top([...visibleReviews].sort((a, b) => a.pub.tot_rating - b.pub.tot_rating || byCreated(a, b))),
    );
    const voted = visibleReviews.filter((r) => truth.reviews.get(r.id)!.relTotal > 0);
    const wilson = (r: (typeof reviews)[0]) => wilsonLowerBound(truth.reviews.get(r.id)!.relUp, truth.reviews.get(r.id)!.relTotal);
    expect((byTitle.relevant ?? []).map((r: { id: number }) => r.id)).toEqual(
      top([...voted].sort((a, b) => wilson(b) - wilson(a) || b.relTotal - a.relTotal || b.id - a.id)),
    );
    for (const block of community.slice(0, -1)) {
      for (const r of block.reviews) {
        const doc = reviews.find((x) => x.id === r.id)!;
        const c = truth.reviews.get(r.id)!;
        expect(r).toMatchObject({
          tot_rating: doc.pub.tot_rating,
          text_rating: doc.pub.text_rating,
          relatable_count: c.relTotal,
          relatable: c.relTotal ? Math.round((100 * c.relUp) / c.relTotal) : 0,
        });
      }
    }
  });
});
