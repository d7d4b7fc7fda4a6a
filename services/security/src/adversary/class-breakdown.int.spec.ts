// Adversary suite: differencing the breakdown by class. The teacher (with a classmate's help)
// watches his page's breakdown while reviews come and go: the passive attack (new reviews), the
// active one (three report weights hide an older review, a moderator restores it), the rollover
// (last month's changes matched against last month's cards) and the regrouping (groups merged and
// split by the data, two releases expose a year below 5). The breakdown is frozen for the month,
// in fixed groups, and moves by 5 reviews or more at once: nothing moves mid-month, and no group of
// fewer than 5 reviews can be derived from two breakdowns.
import { type TeacherDetail } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf, waitFor, waitShown } from '../../../rating/testing/rating-harness';
import { ClassBreakdowns } from '../../../rating/src/worker/breakdown/class-breakdowns';

jest.setTimeout(120_000);

describe('the breakdown by class cannot be differenced', () => {
  let h: Harness;
  let teacher: { id: number; subjectIds: number[] };
  let n = 0;
  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true, api: { REPORT_HIDE_THRESHOLD: '2' } });
    teacher = (await teachersOf(h.conn)).find((t) => (t as { name: string }).name === 'Faure')!; // no review yet
  });
  afterAll(() => h?.close());

  /** `count` public reviews of the teacher by new authors, in class `year`. */
  async function publish(count: number, year: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const { body } = await request(h.api.url)
        .post('/api/rating/0')
        .set(await h.auth(`breakdown-author-${(n += 1)}`))
        .send(reviewPayload(teacher.id, teacher.subjectIds[0], { year, tot_rating: 3 + (n % 7) }))
        .expect(201);
      ids.push(body.id);
    }
    for (const id of ids) await waitShown(h, id);
    return ids;
  }
  /** What the page shows of the breakdown, once it shows the page's `reviews` count (figures read again within 1 s). */
  async function breakdown(reviews: number): Promise<Pick<TeacherDetail, 'by_year' | 'by_year_until'>> {
    const detail = await waitFor(async () => {
      const d = (await request(h.api.url).get(`/api/teacher/${teacher.id}`).expect(200)).body as TeacherDetail;
      return d.reviews === reviews ? d : null;
    });
    return { by_year: detail.by_year, by_year_until: detail.by_year_until };
  }
  /** The worker's first pass of a month (the month given), as the clock would bring it. */
  const newMonth = (iso: string) => h.worker!.app.get(ClassBreakdowns).freezeIfDue(new Date(iso));

  it('replays the passive, active, rollover and regrouping attacks', async () => {
    const older = await publish(7, 4); // 7 collège reviews (Quatrième)
    await newMonth('2099-01-01T00:00:00Z');
    const frozen = await breakdown(7);
    expect(frozen.by_year).toEqual([{ years: [6, 5, 4, 3], reviews: 7, rating: null }]); // from 5, the mean from 10

    // Passive: two more reviews mid-month, one in each group.
    await publish(1, 5);
    await publish(1, 1);
    expect(await breakdown(9)).toEqual(frozen);
    // Active: two long-standing accounts' reports hide an older review; a moderator restores it.
    for (const reader of ['breakdown-reporter-1', 'breakdown-reporter-2'])
      await request(h.api.url)
        .post(`/api/rating/${older[0]}/report`)
        .set(await h.auth(reader, ['user'], 400))
        .send({ content: 'Ce commentaire me semble injuste.' })
        .expect(201);
    expect(await breakdown(8)).toEqual(frozen);
    await request(h.api.url)
      .post(`/api/moderation/reviews/${older[0]}/approve`)
      .set(await h.auth('breakdown-moderator', ['moderator']))
      .send({})
      .expect(200);
    expect(await breakdown(9)).toEqual(frozen);

    // Rollover: a month that changed each group by fewer than 5 reviews moves neither (collège +1, lycée +1).
    await newMonth('2099-02-01T00:00:00Z');
    expect((await breakdown(9)).by_year).toEqual(frozen.by_year);
    // Five more lycée reviews and three collège: lycée shows (6: +6), collège does not move (+4 since shown).
    await publish(5, 1);
    await publish(3, 6);
    await newMonth('2099-03-01T00:00:00Z');
    const march = await breakdown(17);
    expect(march.by_year.map((g) => [g.years, g.reviews])).toEqual([
      [[6, 5, 4, 3], 7],
      [[2, 1, 0], 6],
    ]);
    // Regrouping: whatever the data, the groups are the same two; each shown step of a group is 5 reviews or more.
    const steps = [frozen, march].map((b) => new Map(b.by_year.map((g) => [g.years.join(','), g.reviews])));
    for (const group of ['6,5,4,3', '2,1,0']) {
      const delta = Math.abs((steps[1].get(group) ?? 0) - (steps[0].get(group) ?? 0));
      expect(delta === 0 || delta >= 5).toBe(true);
    }
  });
});
