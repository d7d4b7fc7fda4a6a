// POST /api/rating/0 with an Idempotency-Key: a client that lost the answer (a 502, a timeout)
// retries and gets the original 201, never a 409; twins racing get the same review; a crash
// between claiming the key and writing the review is finished by the retry.
import { request } from '@pupitre/server-kit/testing';
import { type Harness, reviewPayload, startHarness, teachersOf } from '../../../testing/rating-harness';

jest.setTimeout(60_000);

describe('idempotent review creation', () => {
  let h: Harness;
  let teachers: { id: number; subjectIds: number[] }[];
  beforeAll(async () => {
    h = await startHarness(__filename, { api: { REVIEW_VALIDATION_DELAY: '1h' } });
    teachers = await teachersOf(h.conn);
  });
  afterAll(() => h?.close());

  const create = (auth: { Authorization: string }, t: { id: number; subjectIds: number[] }, key?: string) => {
    const req = request(h.api.url).post('/api/rating/0').set(auth);
    if (key) req.set('Idempotency-Key', key);
    return req.send(reviewPayload(t.id, t.subjectIds[0]));
  };
  const reviewsOf = (author: string) => h.conn.collection('reviews').countDocuments({ authorId: author });

  it('a retry with the same key gets the original 201', async () => {
    const auth = await h.auth('idem-1');
    const first = await create(auth, teachers[0], 'retry-key-0001').expect(201);
    const again = await create(auth, teachers[0], 'retry-key-0001').expect(201);
    expect(again.body).toEqual(first.body);
    await create(auth, teachers[0]).expect(409, { error: 'duplicate-review' }); // without the key: the duplicate it is
    expect(await reviewsOf('idem-1')).toBe(1);
  });

  it('twins sent at once get one review and the same answer', async () => {
    const auth = await h.auth('idem-2');
    const answers = await Promise.all(Array.from({ length: 6 }, () => create(auth, teachers[1], 'twin-key-0002')));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await reviewsOf('idem-2')).toBe(1);
  });

  it('a crash after the key was claimed and before the review was written is finished by the retry, under the claimed id', async () => {
    const auth = await h.auth('idem-3');
    await h.conn
      .collection<{ _id: string }>('idempotency_keys')
      .insertOne({ _id: 'idem-3:crashed-key-003', reviewId: 987_654, at: new Date() } as never);
    const res = await create(auth, teachers[2], 'crashed-key-003').expect(201);
    expect(res.body.id).toBe(987_654);
    expect(await h.conn.collection('reviews').findOne({ id: 987_654 })).toMatchObject({ authorId: 'idem-3', status: 'pending' });
    expect((await request(h.api.url).get('/auth/me/reviews').set(auth).expect(200)).body.map((r: { id: number }) => r.id)).toEqual([
      987_654,
    ]);
  });

  it('keys are per user, and a malformed key is a 400', async () => {
    await create(await h.auth('idem-4'), teachers[3], 'shared-key-0004').expect(201);
    const other = await create(await h.auth('idem-5'), teachers[3], 'shared-key-0004').expect(201);
    expect(await h.conn.collection('reviews').findOne({ id: other.body.id })).toMatchObject({ authorId: 'idem-5' });
    await create(await h.auth('idem-6'), teachers[3], 'short').expect(400);
    await create(await h.auth('idem-6'), teachers[3], 'bad key with spaces').expect(400);
  });
});
