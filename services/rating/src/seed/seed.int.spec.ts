import { testServiceConfig, useTestDatabase } from '@pupitre/server-kit/testing';
import { seedEnvSchema } from '../config/seed-config';
import { DEMO_SUBJECTS } from './demo-subjects';
import { DEMO_TEACHERS } from './demo-teachers';
import { seedDatabase } from './seed-database';

jest.setTimeout(30_000);
describe('demo seed', () => {
  const db = useTestDatabase(__filename);
  const config = testServiceConfig(seedEnvSchema, __filename, { MONGODB_DB: db.dbName });

  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all(
        ['subjects', 'teachers', 'reviews', 'counters'].map(async (name) => [
          name,
          await db.conn
            .collection(name)
            .find({}, { projection: { _id: 0, updatedAt: 0 } })
            .sort({ id: 1, _id: 1 })
            .toArray(),
        ]),
      ),
    );

  it('loads the demo school, then changes nothing on a second run', async () => {
    const first = await seedDatabase(config.MONGODB_URI, config.MONGODB_DB);
    expect(first).toMatchObject({ subjectsAdded: DEMO_SUBJECTS.length, teachersAdded: DEMO_TEACHERS.length });
    expect(first.reviewsAdded).toBeGreaterThan(60);
    const before = await snapshot();

    const second = await seedDatabase(config.MONGODB_URI, config.MONGODB_DB);
    expect(second).toEqual({ subjectsAdded: 0, teachersAdded: 0, reviewsAdded: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('stores no figure beside the reviews: teachers keep only their catalogue fields (the API derives the rest)', async () => {
    for (const t of await db.conn.collection('teachers').find({}).toArray()) {
      for (const derived of ['reviewCount', 'ratingSum', 'ops', 'upcoming']) expect(t).not.toHaveProperty(derived);
    }
    expect(await db.conn.collection('reviews').countDocuments({ status: 'published', visible: true })).toBeGreaterThan(100);
  });

  it('shapes reviews for the review issue, with unique integer ids from the counters', async () => {
    const review = await db.conn.collection('reviews').findOne({});
    expect(review).toMatchObject({
      id: expect.any(Number),
      teacherId: expect.any(Number),
      subjectId: expect.any(Number),
      year: expect.any(Number),
      tot_rating: expect.any(Number),
      grades: expect.objectContaining({ clarte: expect.any(Number), difficulte: expect.any(Number) }),
      status: 'published',
      authorId: expect.stringMatching(/^demo-\d+-\d+$/),
      visible: true,
      pub: expect.objectContaining({ version: 1, tot_rating: review!.tot_rating }),
      voters: [],
      relUp: 0,
      relTotal: 0,
      reports: [],
      fence: 0,
      createdAt: expect.any(Date),
    });
    const ids = (
      await db.conn
        .collection('reviews')
        .find({}, { projection: { id: 1 } })
        .toArray()
    ).map((r) => r.id);
    // Opaque ids, as every review's (data/review-ids.ts): distinct, and no counter hands them out.
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id >= 2 ** 40)).toBe(true);
    expect(await db.conn.collection('counters').findOne({ _id: 'reviews' } as never)).toBeNull();
  });

  it('stores accent- and case-free search keys', async () => {
    const t = await db.conn.collection('teachers').findOne({ name: 'Fernández' });
    expect(t?.searchKey).toBe('m fernandez');
  });
});
