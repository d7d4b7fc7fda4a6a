// One review per author and class (teacher, subject, year), kept by `review_claims` (data/class-claims.ts) in the review write's
// transaction: racing twins, an edit into a class already reviewed, a deletion that frees the class; and the migration from the
// unique index that did it before.
import { request } from '@pupitre/server-kit/testing';
import { CLASS_CLAIMS_MIGRATION, migrateToClassClaims } from '../data/class-claims.migration';
import { type Harness, reviewPayload, startHarness, teachersOf } from '../../../testing/rating-harness';

jest.setTimeout(60_000);

describe('one review per author and class', () => {
  let h: Harness;
  let teacher: { id: number; subjectIds: number[] };
  beforeAll(async () => {
    h = await startHarness(__filename, { api: { REVIEW_VALIDATION_DELAY: '1h' } });
    [teacher] = await teachersOf(h.conn);
  });
  afterAll(() => h?.close());

  const create = (auth: { Authorization: string }, year: number) =>
    request(h.api.url)
      .post('/api/rating/0')
      .set(auth)
      .send(reviewPayload(teacher.id, teacher.subjectIds[0], { year }));
  const claimsOf = (author: string) =>
    h.conn
      .collection('review_claims')
      .find({})
      .toArray()
      .then((claims) => claims.filter((c) => JSON.parse(String(c._id))[0] === author));

  it('lets one of twins sent at once write the review: the others get 409 duplicate-review', async () => {
    const auth = await h.auth('class-twins');
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(auth, 2)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body)).toEqual(Array(5).fill({ error: 'duplicate-review' }));
    expect(await h.conn.collection('reviews').countDocuments({ authorId: 'class-twins' })).toBe(1);
    expect(await claimsOf('class-twins')).toEqual([{ _id: expect.any(String), reviewId: answers.find((a) => a.status === 201)!.body.id }]);
  });

  it('refuses an edit into a class the author already reviewed, and frees the class an edit leaves', async () => {
    const auth = await h.auth('class-mover');
    await create(auth, 0).expect(201);
    const second = (await create(auth, 1).expect(201)).body.id as number;
    const edit = (id: number, year: number) =>
      request(h.api.url)
        .put(`/api/rating/${id}`)
        .set(auth)
        .send(reviewPayload(teacher.id, teacher.subjectIds[0], { year, text_rating: `Edited for year ${year}.` }));
    await edit(second, 0).expect(409, { error: 'duplicate-review' });
    expect(await h.conn.collection('reviews').findOne({ id: second })).toMatchObject({ year: 1 });
    await edit(second, 4).expect(200);
    await create(auth, 1).expect(201); // year 1 is free again
    await create(auth, 4).expect(409, { error: 'duplicate-review' });
    expect((await claimsOf('class-mover')).map((c) => JSON.parse(c._id as unknown as string)[3]).sort()).toEqual([0, 1, 4]);
  });

  it('frees the class of a deleted review', async () => {
    const auth = await h.auth('class-deleter');
    const id = (await create(auth, 5).expect(201)).body.id as number;
    await request(h.api.url).delete(`/api/rating/${id}`).set(auth).expect(204);
    expect(await claimsOf('class-deleter')).toEqual([]);
    await create(auth, 5).expect(201);
  });

  it('migrates a database kept unique by the index: every review claimed, the index dropped, once', async () => {
    const reviews = h.conn.collection('reviews');
    const claims = h.conn.collection('review_claims');
    const migrations = h.conn.collection<{ _id: string }>('migrations');
    // As the previous release left it: its unique index, reviews without claims, the migration not done.
    await reviews.createIndex({ authorId: 1, teacherId: 1, subjectId: 1, year: 1 }, { unique: true });
    const before = await reviews.countDocuments({});
    await claims.deleteMany({});
    await migrations.deleteOne({ _id: CLASS_CLAIMS_MIGRATION });
    const logged: string[] = [];
    await migrateToClassClaims(h.conn, (msg) => logged.push(msg));
    expect(await claims.countDocuments({})).toBe(before);
    expect((await reviews.indexes()).map((i) => i.name)).not.toContain('authorId_1_teacherId_1_subjectId_1_year_1');
    expect(logged.at(-1)).toBe("every review's class claimed");
    // Interrupted and run again (not marked done): nothing doubled, nothing refused.
    await migrations.deleteOne({ _id: CLASS_CLAIMS_MIGRATION });
    await claims.deleteOne({});
    await migrateToClassClaims(h.conn);
    expect(await claims.countDocuments({})).toBe(before);
    // Done: a duplicate is still refused, through the claims.
    await create(await h.auth('class-twins'), 2).expect(409, { error: 'duplicate-review' });
  });
});
