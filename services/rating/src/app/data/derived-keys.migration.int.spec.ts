import { useTestDatabase } from '@pupitre/server-kit/testing';
import { Types } from 'mongoose';
import { DERIVED_KEYS_MIGRATION, migrateToDerivedKeys } from './derived-keys.migration';
import { pairKey, reviewOid, teacherOid } from './keys';

const reviewTaskKey = (reviewId: number) => `review:${reviewId}`;

jest.setTimeout(30_000);
describe('migration to derived keys', () => {
  const db = useTestDatabase(__filename);

  it('re-keys older data without losing or doubling a document, finishes a move a crash interrupted, and fills the indexes', async () => {
    const { conn } = db;
    const review = (id: number, extra: object) => ({
      _id: new Types.ObjectId(),
      id,
      authorId: 'alice',
      teacherId: 7,
      subjectId: 1,
      year: id,
      tot_rating: 6,
      status: 'published',
      visible: true,
      createdAt: new Date(),
      ...extra,
    });
    await conn
      .collection('reviews')
      .insertMany([
        review(1, {}),
        review(2, { status: 'pending', visible: false, publishAt: new Date(1000) }),
        review(3, { aggPending: { key: '3.2', from: null, to: { teacherId: 7, tot: 6 } } }),
      ]);
    // A move interrupted by a crash: the original already deleted, the copy parked.
    await conn
      .collection<{ _id: string }>('migration_parking')
      .insertOne({ _id: 'reviews:old4', collection: 'reviews', doc: { ...review(4, {}), _id: reviewOid(4) } } as never);
    await conn
      .collection('teachers')
      .insertOne({ _id: new Types.ObjectId(), id: 7, name: 'Dupont', reviewCount: 3, ratingSum: 18, ops: [] });
    await conn.collection('votes').insertMany([
      { reviewId: 1, userId: 'bob', value: true },
      { reviewId: 3, userId: 'bob', value: false },
    ]);
    await conn.collection('favorites').insertOne({ reviewId: 1, userId: 'bob', createdAt: new Date() });
    await conn.collection('reports').insertOne({ reviewId: 3, userId: 'carol', content: 'off topic', dismissed: false });
    await conn.collection('profiles').insertOne({ userId: 'bob', firstSeenAt: new Date(2000) });

    await migrateToDerivedKeys(conn);
    await migrateToDerivedKeys(conn); // done once: a second run changes nothing

    for (const id of [1, 2, 3, 4])
      expect(await conn.collection('reviews').findOne({ _id: reviewOid(id) })).toMatchObject({ id, authorId: 'alice' });
    expect(await conn.collection('reviews').countDocuments({})).toBe(4);
    expect(await conn.collection('teachers').findOne({ _id: teacherOid(7) })).toMatchObject({ id: 7, reviewCount: 3, ratingSum: 18 });
    expect(await conn.collection('teachers').countDocuments({})).toBe(1);
    expect(await conn.collection<{ _id: string }>('votes').findOne({ _id: pairKey(1, 'bob') })).toMatchObject({ value: true });
    expect(await conn.collection<{ _id: string }>('votes').findOne({ _id: pairKey(3, 'bob') })).toMatchObject({ value: false });
    expect(await conn.collection('votes').countDocuments({})).toBe(2);
    expect(await conn.collection<{ _id: string }>('favorites').findOne({ _id: pairKey(1, 'bob') })).toBeTruthy();
    expect(await conn.collection<{ _id: string }>('reports').findOne({ _id: pairKey(3, 'carol') })).toMatchObject({ content: 'off topic' });
    expect(await conn.collection<{ _id: string }>('profiles').findOne({ _id: 'bob' })).toMatchObject({ firstSeenAt: new Date(2000) });
    expect(await conn.collection('migration_parking').countDocuments({})).toBe(0);

    const alice = await conn.collection<{ _id: string; reviews: number[] }>('user_index').findOne({ _id: 'alice' });
    expect([...(alice?.reviews ?? [])].sort()).toEqual([1, 2, 3, 4]);
    expect(await conn.collection<{ _id: string }>('user_index').findOne({ _id: 'bob' })).toMatchObject({ favorites: [1] });
    const tasks = await conn.collection<{ _id: string; publishAt: Date | null }>('review_tasks').find({}).sort({ reviewId: 1 }).toArray();
    expect(tasks.map((t) => t._id)).toEqual([reviewTaskKey(2), reviewTaskKey(3)]);
    expect(tasks[0].publishAt).toEqual(new Date(1000));
    expect(tasks[1].publishAt).toBeNull();
    expect(await conn.collection<{ _id: string }>('migrations').findOne({ _id: DERIVED_KEYS_MIGRATION })).toMatchObject({
      moved: { reviews: 3, teachers: 1, votes: 2, favorites: 1, reports: 1, profiles: 1 },
    });
  });
});
