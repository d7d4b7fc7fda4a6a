// Adversary suite: ids that count. With ids from one counter on every card, anyone signed in could
// poll `max id + 1` and learn the second each review was written, then tie it to its card when it
// appears. New reviews' ids carry no order and no time: 20 reviews written one after another get
// ids in no order, far apart, whose ranks do not follow the order of writing; still JSON numbers.
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf } from '../../../rating/testing/rating-harness';

jest.setTimeout(60_000);

/** Spearman's rank correlation of two lists of distinct numbers. */
function rankCorrelation(a: number[], b: number[]): number {
  const ranks = (xs: number[]) => {
    const order = [...xs].sort((x, y) => x - y);
    return xs.map((x) => order.indexOf(x));
  };
  const [ra, rb] = [ranks(a), ranks(b)];
  const n = a.length;
  const d2 = ra.reduce((sum, r, i) => sum + (r - rb[i]) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

describe('review ids', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(__filename);
  });
  afterAll(() => h?.close());

  it('written one after another, 20 reviews get ids in no order and far apart, as JSON numbers', async () => {
    const teachers = (await teachersOf(h.conn)).slice(0, 10);
    const author = await h.auth('ids-author');
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = teachers[i % teachers.length];
      const { body } = await request(h.api.url)
        .post('/api/rating/0')
        .set(author)
        .send(reviewPayload(t.id, t.subjectIds[0], { year: Math.floor(i / teachers.length) }))
        .expect(201);
      ids.push(body.id);
    }
    const order = ids.map((_, i) => i);
    const gaps = ids.slice(1).map((id, i) => Math.abs(id - ids[i]));
    expect({
      numbers: ids.every((id) => Number.isSafeInteger(id) && id > 0),
      increasing: ids.every((id, i) => i === 0 || id > ids[i - 1]),
      closest: Math.min(...gaps) > 1_000_000,
      correlated: Math.abs(rankCorrelation(order, ids)) > 0.8,
    }).toEqual({ numbers: true, increasing: false, closest: true, correlated: false });
  });
});
