import { meSchema, myReviewSchema, reviewEditViewSchema } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { z } from 'zod';
import { reviewPayload } from '../../testing/rating-harness';
import { useContractWorld } from '../../testing/contract-harness';

jest.setTimeout(60_000);

/** Rows of the rating table of api-contract.md: creating, reading and editing a review; /auth/me. */
describe('rating API contract: writing a review', () => {
  const w = useContractWorld(__filename);

  describe('POST /api/rating/0', () => {
    const t = () => w.teachers[1];
    let user: { Authorization: string };
    beforeAll(async () => {
      user = await w.h.auth('author-1');
    });

    it('stores a pending review and answers 201 {message, id}', async () => {
      const res = await request(w.url).post('/api/rating/0').set(user).send(reviewPayload(t().id, t().subjectIds[0])).expect(201);
      expect(res.body).toEqual({ message: expect.any(String), id: expect.any(Number) });
      const doc = await w.h.conn.collection('reviews').findOne({ id: res.body.id });
      expect(doc).toMatchObject({ status: 'pending', visible: false, authorId: 'author-1', version: 1 });
      expect(doc!.publishAt.getTime() - doc!.createdAt.getTime()).toBe(3_600_000);
    });

    it('is a 409 duplicate-review for the same user, teacher, subject and year', async () => {
      await request(w.url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(409, { error: 'duplicate-review' });
      await request(w.url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0], { year: 3 }))
        .expect(201);
    });

    const otherSubject = () => w.teachers.find((x) => !x.subjectIds.includes(t().subjectIds[0]))!.subjectIds[0];
    it.each([
      ['wrong-teacher', () => ({ teacher: -1 })],
      ['wrong-teacher', () => ({ teacher: 99999 })],
      ['wrong-teacher', () => ({ teacher: 'abc' })],
      ['wrong-subject', () => ({ subject: -1 })],
      ['wrong-subject', () => ({ subject: otherSubject() })],
      ['wrong-year', () => ({ year: -1 })],
      ['wrong-year', () => ({ year: 7 })],
      ['incorrect-grade', () => ({ clarte: 11 })],
      ['incorrect-grade', () => ({ difficulte: -1 })],
      ['incorrect-grade', () => ({ methodes: 2.5 })],
      ['incorrect-overall', () => ({ tot_rating: 12 })],
      ['incorrect-overall', () => ({ tot_rating: 5.5 })],
      ['text-rating-forbidden-characters', () => ({ text_rating: 'Très bien' })],
      ['text-rating-forbidden-characters', () => ({ text_rating: 'mail me at a@b.c' })],
      ['text-rating-forbidden-characters', () => ({ text_rating: 'a'.repeat(257) })],
    ])('is a 400 %s', async (key, override) => {
      const res = await request(w.url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0], { year: 5, ...override() }))
        .expect(400);
      expect(res.body).toEqual({ error: key });
    });

    it.each([
      ['an unknown field', { favourite_color: 'blue' }],
      ['a non-boolean flag', { ponctuel: 'yes' }],
    ])('is a 400 bad-request for %s', async (_, override) => {
      const res = await request(w.url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0], override))
        .expect(400);
      expect(res.body.error).toBe('bad-request');
    });

    it.each([['[]'], ['"text"'], ['null'], ['{"teacher": 1,,}']])('is a 400 bad-request for the body %s, never a 500', async (body) => {
      const res = await request(w.url).post('/api/rating/0').set(user).set('Content-Type', 'application/json').send(body).expect(400);
      expect(res.body.error).toBe('bad-request');
    });

    it('accepts 256 characters of the allowed set and an absent comment', async () => {
      await request(w.url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0], { year: 6, text_rating: "Ok, it's fine? Yes! ".repeat(13).slice(0, 256) }))
        .expect(201);
      const { text_rating: _omit, ...noText } = reviewPayload(t().id, t().subjectIds[0], { year: 0 });
      await request(w.url).post('/api/rating/0').set(user).send(noText).expect(201);
    });

    it('is a 401 without a token, and 404/400 on another id', async () => {
      await request(w.url)
        .post('/api/rating/0')
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(401, { detail: 'Authentication credentials were not provided.' });
      await request(w.url).post('/api/rating/5').set(user).send({}).expect(404);
      await request(w.url).post('/api/rating/abc').set(user).send({}).expect(400);
    });
  });

  describe('GET and PUT /api/rating/{id}', () => {
    let id: number;
    const author = () => w.h.auth('editor');
    const t = () => w.teachers[2];
    beforeAll(async () => {
      id = (
        await request(w.url)
          .post('/api/rating/0')
          .set(await author())
          .send(reviewPayload(t().id, t().subjectIds[0]))
          .expect(201)
      ).body.id;
    });

    it('gives the author the edit form', async () => {
      const res = await request(w.url)
        .get(`/api/rating/${id}`)
        .set(await author())
        .expect(200);
      const view = reviewEditViewSchema.parse(res.body);
      expect(view).toMatchObject({
        id,
        teacher: t().id,
        subject: t().subjectIds[0],
        year: 2,
        tot_rating: 7,
        is_creator: true,
        status: 'pending',
      });
      expect(view.grades).toMatchObject({ clarte: 6, ponctuel: false });
    });

    it('is a 404 for another user as for an unknown review (no existence oracle), 400 for a malformed id, 401 signed out', async () => {
      await request(w.url)
        .get(`/api/rating/${id}`)
        .set(await w.h.auth('someone-else'))
        .expect(404, { error: 'not-found' });
      await request(w.url)
        .get('/api/rating/999999')
        .set(await author())
        .expect(404);
      await request(w.url)
        .get('/api/rating/1.5')
        .set(await author())
        .expect(400);
      await request(w.url).get(`/api/rating/${id}`).expect(401);
    });

    it('refuses an unchanged form with ReviewFormIdentical', async () => {
      await request(w.url)
        .put(`/api/rating/${id}`)
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(400, { error: 'ReviewFormIdentical' });
    });

    it('stores an edit as a new pending version (200 {message, id})', async () => {
      const res = await request(w.url)
        .put(`/api/rating/${id}`)
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0], { tot_rating: 4 }))
        .expect(200);
      expect(res.body).toEqual({ message: expect.any(String), id });
      expect(await w.h.conn.collection('reviews').findOne({ id })).toMatchObject({ version: 2, status: 'pending', tot_rating: 4 });
    });

    it('applies the payload rules and the author checks on PUT', async () => {
      await request(w.url)
        .put(`/api/rating/${id}`)
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0], { tot_rating: 11 }))
        .expect(400, { error: 'incorrect-overall' });
      await request(w.url)
        .put(`/api/rating/${id}`)
        .set(await w.h.auth('not-author'))
        .send(reviewPayload(t().id, t().subjectIds[0], { tot_rating: 3 }))
        .expect(404, { error: 'not-found' });
      await request(w.url)
        .put('/api/rating/999999')
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(404);
    });
  });

  describe('/auth/me and /auth/me/reviews', () => {
    it('counts published reviews only, with mean and popularity; lists every review with its status', async () => {
      const user = await w.h.auth('profile-user');
      const t = w.teachers[5];
      const id = (await request(w.url).post('/api/rating/0').set(user).send(reviewPayload(t.id, t.subjectIds[0])).expect(201)).body.id;
      const me = meSchema.parse((await request(w.url).get('/auth/me').set(user).expect(200)).body);
      expect(me).toMatchObject({ num: 0, average: null, popularity: 0 });
      expect(Date.now() - new Date(me.since).getTime()).toBeLessThan(60_000);
      const mine = z.array(myReviewSchema).parse((await request(w.url).get('/auth/me/reviews').set(user).expect(200)).body);
      expect(mine).toEqual([expect.objectContaining({ id, status: 'pending', tot_rating: 7 })]);
      await request(w.url).get('/auth/me').expect(401);
      await request(w.url).get('/auth/me/reviews').expect(401);
    });

    it('takes the join date from the token when it carries one', async () => {
      const token = await w.h.issuer.sign({ sub: 'joined-user', claims: { date_joined: 1_700_000_000 } });
      const me = (
        await request(w.url)
          .get('/auth/me')
          .set({ Authorization: `Bearer ${token}` })
          .expect(200)
      ).body;
      expect(me.since).toBe(new Date(1_700_000_000_000).toISOString());
    });
  });
});
