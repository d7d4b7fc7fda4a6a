import { useTestDatabase } from '@pupitre/server-kit/testing';
import { reviewOid, pairKey, teacherOid } from './keys';
import { migrateToSingleDocuments, SINGLE_DOCUMENT_MIGRATION } from './single-document.migration';

jest.setTimeout(30_000);
describe('migration to one document per review', () => {
  const db = useTestDatabase(__filename);

  it('takes votes and reports into their reviews, favourites and reports into the user index, once, then drops the old collections', async () => {
    const { conn } = db;
    const published = { teacherId: 7, subjectId: 1, year: 1, tot_rating: 6, grades: {}, flags: {}, text_rating: 'ok', version: 1 };
    const future = new Date(Date.now() + 60_000);
    await conn.collection('reviews').insertMany([
      {
        _id: reviewOid(1),
        id: 1,
        authorId: 'alice',
        ...published,
        status: 'published',
        visible: true,
        hidden: false,
        pub: { ...published, publishedAt: new Date(1000) },
        relUp: 5,
        relTotal: 9,
        wilson: 0.3,
        counted: { teacherId: 7, tot: 6 },
        rev: 3,
        pubTeacherId: 7,
        pubTot: 6,
        createdAt: new Date(500),
      },
      // Validated ahead of a publication time still to come (the earlier design): back to pending, with its task.
      {
        _id: reviewOid(2),
        id: 2,
        authorId: 'alice',
        ...published,
        year: 2,
        status: 'published',
        visible: true,
        hidden: false,
        publishAt: future,
        pub: { ...published, publishedAt: future },
        createdAt: new Date(600),
      },
    ]);
    await conn
      .collection('teachers')
      .insertOne({ _id: teacherOid(7), id: 7, name: 'Dupont', reviewCount: 2, ratingSum: 12, ops: ['1.1+'], upcoming: [] });
    await conn.collection<{ _id: string }>('votes').insertMany([
      { _id: pairKey(1, 'bob'), reviewId: 1, userId: 'bob', value: true },
      { _id: pairKey(1, 'carol'), reviewId: 1, userId: 'carol', value: false },
    ] as never);
    await conn.collection<{ _id: string }>('favorites').insertMany([
      { _id: pairKey(2, 'bob'), reviewId: 2, userId: 'bob', createdAt: new Date(3000) },
      { _id: pairKey(1, 'bob'), reviewId: 1, userId: 'bob', createdAt: new Date(2000) },
    ] as never);
    await conn.collection<{ _id: string }>('reports').insertOne({
      _id: pairKey(1, 'carol'),
      reviewId: 1,
      userId: 'carol',
      content: 'off topic',
      weight: 0.5,
      dismissed: false,
      createdAt: new Date(4000),
    } as never);
    await conn
      .collection<{ _id: string }>('user_index')
      .insertOne({ _id: 'bob', reviews: [], favorites: [1], votes: { 1: true } } as never);

    await migrateToSingleDocuments(conn);
    await migrateToSingleDocuments(conn); // done once

    const one = await conn.collection('reviews').findOne({ id: 1 });
    expect(one).toMatchObject({
      votes: JSON.stringify({ bob: 1, carol: 0 }),
      relUp: 1,
      relTotal: 2,
      reportCount: 1,
      reportWeight: 0.5,
      visible: true,
      fence: 0,
    });
    expect(one!.reports).toEqual([expect.objectContaining({ userId: 'carol', content: 'off topic', outcome: 'open', weight: 0.5 })]);
    for (const retired of ['counted', 'wilson', 'rev', 'pubTeacherId', 'pubTot']) expect(one).not.toHaveProperty(retired);
    expect(await conn.collection('reviews').findOne({ id: 2 })).toMatchObject({ status: 'pending', pub: null, visible: false });
    expect(await conn.collection<{ _id: string }>('review_tasks').findOne({ _id: 'review:2' })).toMatchObject({
      reviewId: 2,
      publishAt: future,
    });
    expect(await conn.collection<{ _id: string }>('user_index').findOne({ _id: 'bob' })).toEqual({
      _id: 'bob',
      reviews: [],
      favorites: [1, 2],
      reported: [],
    });
    expect(await conn.collection<{ _id: string }>('user_index').findOne({ _id: 'carol' })).toMatchObject({ reported: [1] });
    expect(await conn.collection('teachers').findOne({ id: 7 })).not.toHaveProperty('reviewCount');
    const left = (await conn.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
    for (const gone of ['votes', 'favorites', 'reports']) expect(left).not.toContain(gone);
    expect(await conn.collection<{ _id: string }>('migrations').findOne({ _id: SINGLE_DOCUMENT_MIGRATION })).toMatchObject({ reviews: 2 });
  });
});
