// A teacher's figures (GET /api/teacher/{id}): the mean and spread of the overall ratings, each
// criterion's average over the reviews that graded it, each yes/no question's share of yeses. A
// review in the spec's first reading (justice and distraction yes/no, no methodes or ambiance)
// counts in no average of a criterion it lacks, and in the yes/no shares instead.
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf, waitShown } from '../../../testing/rating-harness';

jest.setTimeout(60_000);

describe('teacher figures', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(__filename, { worker: true });
  });
  afterAll(() => h?.close());

  it('averages each criterion over the reviews that graded it, whichever reading they used', async () => {
    const teachers = await teachersOf(h.conn);
    const faure = teachers.find((t) => t.name === 'Faure')!; // no demo review
    const first = reviewPayload(faure.id, faure.subjectIds[0], {
      tot_rating: 6,
      justice: true,
      distraction: false,
      clarte: 4,
      teacher: String(faure.id),
    });
    delete first.methodes;
    delete first.ambiance;
    const second = reviewPayload(faure.id, faure.subjectIds[0], {
      tot_rating: 9,
      year: 4,
      justice: 8,
      distraction: 2,
      methodes: 8,
      clarte: 10,
      ponctuel: true,
    });
    const ids = [];
    for (const [i, body] of [first, second].entries())
      ids.push(
        (
          await request(h.api.url)
            .post('/api/rating/0')
            .set(await h.auth(`figures-${i}`))
            .send(body)
            .expect(201)
        ).body.id,
      );
    for (const id of ids) await waitShown(h, id);
    const detail = (await request(h.api.url).get(`/api/teacher/${faure.id}`).expect(200)).body;
    expect(detail).toMatchObject({ reviews: 2, rating: 7.5 });
    expect(detail.criteria).toMatchObject({ clarte: 7, methodes: 8, ambiance: 6, justice: 8, distraction: 2 });
    expect(detail.answers).toMatchObject({ justice: 100, distraction: 0, ponctuel: 50, aide: 0 });
    expect(detail.distribution).toEqual([0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0]);
  });
});
