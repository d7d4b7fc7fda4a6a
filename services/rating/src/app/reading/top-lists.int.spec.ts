// The public lists read with a cut-off are exactly the lists a full sort gives: for every category,
// for the community and for one teacher, from a cold start (a guess), from the cut-off of the last
// read, after the reviews at the top left public view (the cut-off is widened), and without the
// delisted teachers. Against the real database, with the indexes the service declares.
import { ensureIndexes } from '@pupitre/server-kit';
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { type CommunityCategory } from '@pupitre/contracts';
import { type Collection } from 'mongodb';
import { Types } from 'mongoose';
import { withDerived } from '../reviews/list-keys';
import { newReview, published, type ReviewDoc } from '../reviews/review';
import { ReviewSchema } from '../reviews/review.schema';
import { TopLists } from './top-lists';

const CATEGORIES: CommunityCategory[] = ['recent', 'highest', 'lowest', 'relevant'];
const DAY = 86_400_000;

/** A public review of `teacherId` written `daysAgo` days ago (some never voted on: not in `relevant`). */
function review(id: number, teacherId: number, tot: number, daysAgo: number, up: number, total: number): ReviewDoc {
  const createdAt = new Date(Date.now() - daysAgo * DAY - id);
  const content = { teacherId, subjectId: 1, year: 3, tot_rating: tot, grades: {}, flags: {}, text_rating: 'ok' };
  const written = { ...newReview(id, new Types.ObjectId(), `a${id}`, content, createdAt, createdAt), fence: 0 };
  return withDerived({ ...published(written, createdAt), relUp: up, relTotal: total });
}

describe('TopLists', () => {
  const db = useTestDatabase(__filename);
  let reviews: Collection<ReviewDoc>;
  let all: ReviewDoc[];

  /** The list a full sort of the public reviews gives. */
  const truth = (category: CommunityCategory, limit: number, keep: (d: ReviewDoc) => boolean) =>
    all
      .filter((d) => d.keys?.[category] !== undefined && keep(d))
      .sort((a, b) => b.keys![category]! - a.keys![category]! || b.id - a.id)
      .slice(0, limit)
      .map((d) => d.id);

  beforeAll(async () => {
    await ensureIndexes([db.conn.model('Review', ReviewSchema)]);
    reviews = db.conn.collection('reviews') as never;
    // 400 reviews over 4 teachers and 4 years, every rating, a third never voted on.
    all = Array.from({ length: 400 }, (_, i) => {
      const total = i % 3 === 0 ? 0 : (i * 7) % 40;
      return review(i + 1, 1 + (i % 4), (i * 5) % 11, (i * 37) % 1400, Math.min(total, (i * 3) % 41), total);
    });
    await reviews.insertMany(all);
  });

  it('gives exactly the lists of a full sort, cold and then from its cut-offs, for the community and a teacher', async () => {
    const lists = new TopLists(reviews);
    for (const round of ['cold', 'warm']) {
      for (const category of CATEGORIES) {
        for (const limit of [1, 10, 50]) {
          const community = await lists.top(category, limit, { delisted: [] });
          expect({ round, category, limit, ids: community.map((r) => r.id) }).toEqual({
            round,
            category,
            limit,
            ids: truth(category, limit, () => true),
          });
          const teacher = await lists.top(category, limit, { teacherId: 2, delisted: [] });
          expect({ round, category, limit, ids: teacher.map((r) => r.id) }).toEqual({
            round,
            category,
            limit,
            ids: truth(category, limit, (d) => d.teacherId === 2),
          });
        }
      }
    }
  });

  it('leaves the delisted teachers out', async () => {
    const lists = new TopLists(reviews);
    for (const category of CATEGORIES) {
      const ids = (await lists.top(category, 50, { delisted: [1, 3] })).map((r) => r.id);
      expect(ids).toEqual(truth(category, 50, (d) => d.teacherId !== 1 && d.teacherId !== 3));
    }
  });

  it('widens its cut-off when the reviews at the top left public view, and follows new ones at the top', async () => {
    const lists = new TopLists(reviews);
    for (const category of CATEGORIES) await lists.top(category, 20, { delisted: [] }); // cut-offs remembered
    for (const category of CATEGORIES) {
      const gone = truth(category, 15, () => true);
      await reviews.updateMany({ id: { $in: gone } }, { $unset: { keys: '' } });
      all = all.map((d) => (gone.includes(d.id) ? { ...d, keys: undefined } : d));
    }
    const newest = review(1000, 4, 10, 0, 40, 40);
    await reviews.insertOne(newest);
    all.push(newest);
    for (const category of CATEGORIES) {
      expect((await lists.top(category, 20, { delisted: [] })).map((r) => r.id)).toEqual(truth(category, 20, () => true));
    }
  });

  it('reads a list again with one query, also a list that holds every review it can (a teacher with fewer than the limit)', async () => {
    const queries: unknown[] = [];
    const counted = {
      find: (filter: unknown, options: unknown) => (queries.push(filter), reviews.find(filter as never, options as never)),
    };
    const lists = new TopLists(counted as never);
    for (const category of CATEGORIES) await lists.top(category, 500, { teacherId: 2, delisted: [] }); // more than he has
    for (const category of CATEGORIES) await lists.top(category, 10, { delisted: [] });
    queries.length = 0;
    for (const category of CATEGORIES) {
      expect((await lists.top(category, 500, { teacherId: 2, delisted: [] })).map((r) => r.id)).toEqual(
        truth(category, 500, (d) => d.teacherId === 2),
      );
      expect((await lists.top(category, 10, { delisted: [] })).map((r) => r.id)).toEqual(truth(category, 10, () => true));
    }
    expect(queries).toHaveLength(2 * CATEGORIES.length);
  });

  it('lists no author, votes or reports', async () => {
    const [first] = await new TopLists(reviews).top('recent', 1, { delisted: [] });
    expect(Object.keys(first).sort()).toEqual(['createdAt', 'firstPublishedAt', 'id', 'keys', 'pub', 'relTotal', 'relUp']);
  });
});
