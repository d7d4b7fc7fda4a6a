// The transparency page's figures (GET /api/transparency, public) are computed by the worker from
// the review documents, again every TRANSPARENCY_INTERVAL: a publication, a report kept, a report
// that got its review removed show in the current month, equal to what the documents say.
import { type Transparency } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { useWorld } from './testing/world';
import { type ReviewDoc } from '../../rating/src/app/reviews/review';
import { monthlyFigures } from '../../rating/src/app/transparency/figures';

jest.setTimeout(90_000);

describe('the transparency figures', () => {
  const world = useWorld(__filename, { workerEnv: { TRANSPARENCY_INTERVAL: '1s' } });
  const figures = async (): Promise<Transparency> => (await request(world().url).get('/api/transparency').expect(200)).body;
  const current = (t: Transparency) => t.months[t.months.length - 1];

  async function computedAfter(since: Date, timeoutMs = 20_000): Promise<Transparency> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const t = await figures();
      if (t.generated_at && new Date(t.generated_at) > since) return t;
      if (Date.now() > deadline) throw new Error('the figures were not computed again');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('counts publications, reports and their outcomes, removals and the time to a decision, from the documents', async () => {
    const before = current(await computedAfter(new Date(0)));
    const moderator = await world().account('moderator');
    const author = await world().account();
    const [kept, removed] = [await world().publicReview(author), await world().publicReview(author)];
    const reporter = await world().account();
    await request(world().url).post(`/api/rating/${kept}/report`).set(reporter.bearer).send({ content: 'Unfair' }).expect(201);
    await request(world().url).post(`/api/rating/${removed}/report`).set(reporter.bearer).send({ content: 'Threatening' }).expect(201);
    await request(world().url).post(`/api/moderation/reviews/${kept}/approve`).set(moderator.bearer).send({}).expect(200);
    await request(world().url)
      .post(`/api/moderation/reviews/${removed}/reject`)
      .set(moderator.bearer)
      .send({ reason: 'threat' })
      .expect(200);

    const after = await computedAfter(new Date());
    expect(after.months).toHaveLength(12);
    expect(current(after)).toMatchObject({
      published: before.published + 2,
      removed: before.removed + 1,
      reports: before.reports + 2,
      reports_kept: before.reports_kept + 1,
      reports_removed: before.reports_removed + 1,
      median_hours_to_decision: expect.any(Number),
    });
    // Exactly what the documents say.
    const docs = await world().rating.conn.collection<ReviewDoc>('reviews').find({}).toArray();
    expect(after.months).toEqual(await monthlyFigures(docs, new Date(after.generated_at!)));
    // Public: no token needed, and no author or reporter in it.
    const text = JSON.stringify(after);
    for (const who of [author, reporter]) {
      expect(text).not.toContain(who.id);
      expect(text).not.toContain(who.email);
    }
  });
});
