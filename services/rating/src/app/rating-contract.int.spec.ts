import {
  communityCategorySchema,
  meSchema,
  myReviewSchema,
  publicReviewSchema,
  rankingSchema,
  reviewEditViewSchema,
  teacherDetailSchema,
  teacherSearchResultSchema,
} from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { z } from 'zod';
import { type Harness, reviewPayload, startHarness, teachersOf } from '../testing/rating-harness';

jest.setTimeout(60_000);

/** Every row of the rating table of api-contract.md, each status and error key. */
describe('rating API contract', () => {
  let h: Harness;
  let teachers: { id: number; name: string; subjectIds: number[] }[];
  let url: string;
  let visibleIds: number[];

  beforeAll(async () => {
    h = await startHarness(__filename, { api: { REVIEW_VALIDATION_DELAY: '1h' } });
    url = h.api.url;
    teachers = await teachersOf(h.conn);
    visibleIds = (await h.conn.collection('reviews').find({ visible: true }).sort({ id: 1 }).toArray()).map((r) => r.id);
  });
  afterAll(() => h?.close());

  describe('GET /api/teachers?query=T', () => {
    it('matches prefix and name, accent- and case-insensitively', async () => {
      const res = await request(url).get('/api/teachers').query({ query: 'FERNANDEZ' }).expect(200);
      const list = z.array(teacherSearchResultSchema).parse(res.body);
      expect(list.map((t) => t.name)).toEqual(['Fernández']);
      expect(list[0].subjects).toEqual([{ id: expect.any(Number), name: 'EPS' }]);
      const accented = await request(url).get('/api/teachers').query({ query: 'guérin' }).expect(200);
      expect(accented.body.map((t: { name: string }) => t.name)).toEqual(['Guérin']);
      const prefixed = await request(url).get('/api/teachers').query({ query: 'mme gar' }).expect(200);
      expect(prefixed.body.map((t: { name: string }) => t.name)).toEqual(['García']);
    });

    it('returns at most 20 teachers', async () => {
      const res = await request(url).get('/api/teachers').query({ query: 'mm' }).expect(200);
      expect(res.body.length).toBe(20);
    });

    it.each(['', 'B', ' d '])('answers [] under 2 characters (older clients search from the first keystroke): %j', async (query) => {
      const res = await request(url).get('/api/teachers').query({ query }).expect(200);
      expect(res.body).toEqual([]);
    });

    it.each([[{ query: '12' }], [{ query: ' 4 5 ' }], [{ query: 'x'.repeat(65) }], [{}], [{ query: 'ab', extra: '1' }]])(
      'is a 400 for %j',
      async (query) => {
        const res = await request(url).get('/api/teachers').query(query).expect(400);
        expect(res.body.error).toBe('bad-request');
      },
    );

    it('is a 400 for a repeated query parameter, never a 500', async () => {
      await request(url).get('/api/teachers?query=ab&query=cd').expect(400);
    });
  });

  it('GET /api/teachers/ranking: best first, subjects as names', async () => {
    const res = await request(url).get('/api/teachers/ranking').expect(200);
    expect(rankingSchema.parse(res.body).length).toBeGreaterThan(10);
  });

  describe('GET /api/teacher/{id} and /reviews', () => {
    it('gives the teacher, and 404 for an unknown one', async () => {
      const res = await request(url).get(`/api/teacher/${teachers[0].id}`).expect(200);
      expect(teacherDetailSchema.parse(res.body).id).toBe(teachers[0].id);
      await request(url).get('/api/teacher/99999').expect(404, { error: 'not-found' });
    });

    it("lists a teacher's reviews like the community, and 404s an unknown teacher", async () => {
      const res = await request(url).get(`/api/teacher/${teachers[0].id}/reviews`).expect(200);
      const state = res.body.at(-1);
      const blocks = res.body.slice(0, -1).map((b: unknown) => communityCategorySchema.parse(b));
      expect(blocks.length).toBeGreaterThan(0);
      for (const b of blocks) for (const r of b.reviews) expect(r.teacher.id).toBe(teachers[0].id);
      expect(Object.values(state).every((s) => JSON.stringify(s) === '[null,false]')).toBe(true);
      await request(url).get('/api/teacher/99999/reviews').expect(404, { error: 'not-found' });
      await request(url).get('/api/teacher/x1/reviews').expect(400);
    });
  });

  describe('GET /api/rating/community', () => {
    it("has categories, N reviews each, then the caller's state", async () => {
      const res = await request(url).get('/api/rating/community').expect(200);
      const blocks = res.body.slice(0, -1).map((b: unknown) => communityCategorySchema.parse(b));
      expect(blocks.map((b: { title: string }) => b.title)).toEqual(['recent', 'highest', 'lowest']); // no votes yet: no "relevant"
      for (const b of blocks) expect(b.reviews.length).toBe(10);
      const highest = blocks[1].reviews.map((r: { tot_rating: number }) => r.tot_rating);
      expect([...highest].sort((a, b) => b - a)).toEqual(highest);
      const state = res.body.at(-1);
      expect(Object.keys(state).sort()).toEqual(
        [...new Set(blocks.flatMap((b: { reviews: { id: number }[] }) => b.reviews.map((r) => String(r.id))))].sort(),
      );
      const limited = await request(url).get('/api/rating/community?limit=3').expect(200);
      expect(limited.body[0].reviews.length).toBe(3);
    });

    it('gives each public review the criteria and yes/no answers its public version holds, and nothing else', async () => {
      const res = await request(url).get('/api/rating/community').expect(200);
      const reviews = res.body.slice(0, -1).flatMap((b: unknown) => communityCategorySchema.parse(b).reviews);
      expect(reviews.length).toBeGreaterThan(0);
      for (const review of reviews) {
        const doc = await h.conn.collection('reviews').findOne({ id: review.id });
        expect(review.grades).toEqual(doc!.pub.grades);
        expect(review.answers).toEqual(doc!.pub.flags);
      }
    });

    it.each(['limit=0', 'limit=51', 'limit=abc', 'other=1'])('is a 400 for ?%s', async (q) => {
      await request(url).get(`/api/rating/community?${q}`).expect(400);
    });

    it("shows the caller's vote and favourite, and ignores an invalid token", async () => {
      const user = await h.auth('community-user');
      const id = visibleIds[0];
      await request(url).post(`/api/relatable/${id}`).set(user).send({ value: true }).expect(200);
      await request(url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200);
      const res = await request(url).get('/api/rating/community?limit=50').set(user).expect(200);
      const blocks = res.body.slice(0, -1);
      expect(blocks.map((b: { title: string }) => b.title)).toContain('relevant');
      expect(res.body.at(-1)[String(id)]).toEqual([true, true]);
      const anonymous = await request(url).get('/api/rating/community?limit=50').set({ Authorization: 'Bearer nonsense' }).expect(200);
      expect(anonymous.body.at(-1)[String(id)]).toEqual([null, false]);
    });
  });

  describe('POST /api/rating/0', () => {
    const t = () => teachers[1];
    let user: { Authorization: string };
    beforeAll(async () => {
      user = await h.auth('author-1');
    });

    it('stores a pending review and answers 201 {message, id}', async () => {
      const res = await request(url).post('/api/rating/0').set(user).send(reviewPayload(t().id, t().subjectIds[0])).expect(201);
      expect(res.body).toEqual({ message: expect.any(String), id: expect.any(Number) });
      const doc = await h.conn.collection('reviews').findOne({ id: res.body.id });
      expect(doc).toMatchObject({ status: 'pending', visible: false, authorId: 'author-1', version: 1 });
      expect(doc!.publishAt.getTime() - doc!.createdAt.getTime()).toBe(3_600_000);
    });

    it('is a 409 duplicate-review for the same user, teacher, subject and year', async () => {
      await request(url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(409, { error: 'duplicate-review' });
      await request(url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0], { year: 3 }))
        .expect(201);
    });

    const otherSubject = () => teachers.find((x) => !x.subjectIds.includes(t().subjectIds[0]))!.subjectIds[0];
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
      const res = await request(url)
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
      const res = await request(url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0], override))
        .expect(400);
      expect(res.body.error).toBe('bad-request');
    });

    it.each([['[]'], ['"text"'], ['null'], ['{"teacher": 1,,}']])('is a 400 for the body %s, never a 500', async (body) => {
      const res = await request(url).post('/api/rating/0').set(user).set('Content-Type', 'application/json').send(body).expect(400);
      expect(['bad-request', 'wrong-teacher']).toContain(res.body.error);
    });

    it('accepts 256 characters of the allowed set and an absent comment', async () => {
      await request(url)
        .post('/api/rating/0')
        .set(user)
        .send(reviewPayload(t().id, t().subjectIds[0], { year: 6, text_rating: "Ok, it's fine? Yes! ".repeat(13).slice(0, 256) }))
        .expect(201);
      const { text_rating: _omit, ...noText } = reviewPayload(t().id, t().subjectIds[0], { year: 0 });
      await request(url).post('/api/rating/0').set(user).send(noText).expect(201);
    });

    it('is a 401 without a token, and 404/400 on another id', async () => {
      await request(url)
        .post('/api/rating/0')
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(401, { detail: 'Authentication credentials were not provided.' });
      await request(url).post('/api/rating/5').set(user).send({}).expect(404);
      await request(url).post('/api/rating/abc').set(user).send({}).expect(400);
    });
  });

  describe('GET and PUT /api/rating/{id}', () => {
    let id: number;
    const author = () => h.auth('editor');
    const t = () => teachers[2];
    beforeAll(async () => {
      id = (
        await request(url)
          .post('/api/rating/0')
          .set(await author())
          .send(reviewPayload(t().id, t().subjectIds[0]))
          .expect(201)
      ).body.id;
    });

    it('gives the author the edit form', async () => {
      const res = await request(url)
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

    it('is a 403 for another user, 404 for an unknown review, 400 for a malformed id, 401 signed out', async () => {
      await request(url)
        .get(`/api/rating/${id}`)
        .set(await h.auth('someone-else'))
        .expect(403, { error: 'forbidden' });
      await request(url)
        .get('/api/rating/999999')
        .set(await author())
        .expect(404);
      await request(url)
        .get('/api/rating/1.5')
        .set(await author())
        .expect(400);
      await request(url).get(`/api/rating/${id}`).expect(401);
    });

    it('refuses an unchanged form with ReviewFormIdentical', async () => {
      await request(url)
        .put(`/api/rating/${id}`)
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(400, { error: 'ReviewFormIdentical' });
    });

    it('stores an edit as a new pending version (200 {message, id})', async () => {
      const res = await request(url)
        .put(`/api/rating/${id}`)
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0], { tot_rating: 4 }))
        .expect(200);
      expect(res.body).toEqual({ message: expect.any(String), id });
      expect(await h.conn.collection('reviews').findOne({ id })).toMatchObject({ version: 2, status: 'pending', tot_rating: 4 });
    });

    it('applies the payload rules and the author checks on PUT', async () => {
      await request(url)
        .put(`/api/rating/${id}`)
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0], { tot_rating: 11 }))
        .expect(400, { error: 'incorrect-overall' });
      await request(url)
        .put(`/api/rating/${id}`)
        .set(await h.auth('not-author'))
        .send(reviewPayload(t().id, t().subjectIds[0], { tot_rating: 3 }))
        .expect(403);
      await request(url)
        .put('/api/rating/999999')
        .set(await author())
        .send(reviewPayload(t().id, t().subjectIds[0]))
        .expect(404);
    });
  });

  describe('votes, favourites and reports', () => {
    it('POST /api/relatable/{id} sets and changes the vote; DELETE removes it', async () => {
      const id = visibleIds[1];
      const a = await h.auth('voter-a');
      const b = await h.auth('voter-b');
      expect((await request(url).post(`/api/relatable/${id}`).set(a).send({ value: true }).expect(200)).body).toEqual({
        relatable: 100,
        relatable_count: 1,
        vote: true,
      });
      expect((await request(url).post(`/api/relatable/${id}`).set(b).send({ value: false }).expect(200)).body).toEqual({
        relatable: 50,
        relatable_count: 2,
        vote: false,
      });
      expect((await request(url).post(`/api/relatable/${id}`).set(b).send({ value: false }).expect(200)).body).toEqual({
        relatable: 50,
        relatable_count: 2,
        vote: false,
      });
      expect((await request(url).post(`/api/relatable/${id}`).set(b).send({ value: true }).expect(200)).body).toEqual({
        relatable: 100,
        relatable_count: 2,
        vote: true,
      });
      expect((await request(url).delete(`/api/relatable/${id}`).set(a).expect(200)).body).toEqual({
        relatable: 100,
        relatable_count: 1,
        vote: null,
      });
      expect((await request(url).delete(`/api/relatable/${id}`).set(a).expect(200)).body).toEqual({
        relatable: 100,
        relatable_count: 1,
        vote: null,
      });
      expect((await request(url).post(`/api/relatable/${id}`).set(b).send({ value: null }).expect(200)).body).toEqual({
        relatable: 0,
        relatable_count: 0,
        vote: null,
      });
    });

    it("a vote shows at once in its teacher's lists, cached just before it", async () => {
      const id = visibleIds[3];
      const { teacherId } = (await h.conn.collection('reviews').findOne({ id }))!;
      const shown = async () => {
        const blocks = (await request(url).get(`/api/teacher/${teacherId}/reviews`).expect(200)).body.slice(0, -1);
        return blocks.flatMap((b: { reviews: { id: number }[] }) => b.reviews).find((r: { id: number }) => r.id === id);
      };
      const before = await shown();
      expect(await shown()).toEqual(before);
      await request(url)
        .post(`/api/relatable/${id}`)
        .set(await h.auth('voter-d'))
        .send({ value: true })
        .expect(200);
      expect(await shown()).toMatchObject({ relatable_count: before.relatable_count + 1 });
    });

    it("votes: 404 unknown or not public, 403 on one's own review, 400 bad body or id, 401 signed out", async () => {
      const user = await h.auth('voter-c');
      await request(url).post('/api/relatable/999999').set(user).send({ value: true }).expect(404);
      const pending = await h.conn.collection('reviews').findOne({ status: 'pending' });
      await request(url).post(`/api/relatable/${pending!.id}`).set(user).send({ value: true }).expect(404);
      const own = await h.conn.collection('reviews').findOne({ visible: true });
      await request(url)
        .post(`/api/relatable/${own!.id}`)
        .set(await h.auth(own!.authorId))
        .send({ value: true })
        .expect(403);
      for (const body of [{}, { value: 'yes' }, { value: true, x: 1 }])
        await request(url).post(`/api/relatable/${visibleIds[2]}`).set(user).send(body).expect(400);
      await request(url).post('/api/relatable/abc').set(user).send({ value: true }).expect(400);
      await request(url).post(`/api/relatable/${visibleIds[2]}`).send({ value: true }).expect(401);
    });

    it('favourites: idempotent set and remove; 404 for an unknown review; listed in /auth/me/favorites', async () => {
      const user = await h.auth('fan');
      const id = visibleIds[3];
      await request(url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200, { value: true });
      await request(url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200, { value: true });
      const favs = await request(url).get('/auth/me/favorites').set(user).expect(200);
      expect(
        z
          .array(publicReviewSchema)
          .parse(favs.body)
          .map((r) => r.id),
      ).toEqual([id]);
      await request(url).post(`/api/rating/${id}/favorite`).set(user).send({ value: false }).expect(200, { value: false });
      await request(url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200);
      await request(url).delete(`/api/rating/${id}/favorite`).set(user).expect(204);
      await request(url).delete(`/api/rating/${id}/favorite`).set(user).expect(204);
      expect((await request(url).get('/auth/me/favorites').set(user).expect(200)).body).toEqual([]);
      await request(url).post('/api/rating/999999/favorite').set(user).send({ value: true }).expect(404);
      await request(url).post(`/api/rating/${id}/favorite`).set(user).send({ value: 1 }).expect(400);
      await request(url).get('/auth/me/favorites').expect(401);
    });

    it('reports: 201, 409 when already reported, 400 over 512 characters or empty, 404 unknown; held once they weigh the threshold', async () => {
      const id = visibleIds[4];
      const teacherId = (await h.conn.collection('reviews').findOne({ id }))!.pub.teacherId;
      const before = (await request(url).get(`/api/teacher/${teacherId}`).expect(200)).body.reviews;
      const r1 = await h.auth('reporter-1', ['user'], 60); // accounts two months old: each report weighs 1
      await request(url).post(`/api/rating/${id}/report`).set(r1).send({ content: 'Insulting' }).expect(201);
      await request(url).post(`/api/rating/${id}/report`).set(r1).send({ content: 'Again' }).expect(409, { error: 'already-reported' });
      await request(url)
        .post(`/api/rating/${id}/report`)
        .set(await h.auth('reporter-x'))
        .send({ content: 'x'.repeat(513) })
        .expect(400);
      await request(url)
        .post(`/api/rating/${id}/report`)
        .set(await h.auth('reporter-x'))
        .send({ content: '' })
        .expect(400);
      await request(url)
        .post(`/api/rating/${id}/report`)
        .set(await h.auth('reporter-x'))
        .send({})
        .expect(400);
      await request(url).post('/api/rating/999999/report').set(r1).send({ content: 'x' }).expect(404);
      await request(url)
        .post(`/api/rating/${id}/report`)
        .set(await h.auth('reporter-2', ['user'], 60))
        .send({ content: 'x'.repeat(512) })
        .expect(201);
      expect((await h.conn.collection('reviews').findOne({ id }))!.visible).toBe(true);
      await request(url)
        .post(`/api/rating/${id}/report`)
        .set(await h.auth('reporter-3', ['user'], 60))
        .send({ content: 'Threatening' })
        .expect(201);
      expect(await h.conn.collection('reviews').findOne({ id })).toMatchObject({ visible: false, hidden: true, reportCount: 3 });
      expect((await request(url).get(`/api/teacher/${teacherId}`).expect(200)).body.reviews).toBe(before - 1);
      const community = await request(url).get('/api/rating/community?limit=50').expect(200);
      const listed = community.body.slice(0, -1).flatMap((b: { reviews: { id: number }[] }) => b.reviews.map((r) => r.id));
      expect(listed).not.toContain(id);
    });
  });

  describe('/auth/me and /auth/me/reviews', () => {
    it('counts published reviews only, with mean and popularity; lists every review with its status', async () => {
      const user = await h.auth('profile-user');
      const t = teachers[5];
      const id = (await request(url).post('/api/rating/0').set(user).send(reviewPayload(t.id, t.subjectIds[0])).expect(201)).body.id;
      const me = meSchema.parse((await request(url).get('/auth/me').set(user).expect(200)).body);
      expect(me).toMatchObject({ num: 0, average: null, popularity: 0 });
      expect(Date.now() - new Date(me.since).getTime()).toBeLessThan(60_000);
      const mine = z.array(myReviewSchema).parse((await request(url).get('/auth/me/reviews').set(user).expect(200)).body);
      expect(mine).toEqual([expect.objectContaining({ id, status: 'pending', tot_rating: 7 })]);
      await request(url).get('/auth/me').expect(401);
      await request(url).get('/auth/me/reviews').expect(401);
    });

    it('takes the join date from the token when it carries one', async () => {
      const token = await h.issuer.sign({ sub: 'joined-user', claims: { date_joined: 1_700_000_000 } });
      const me = (
        await request(url)
          .get('/auth/me')
          .set({ Authorization: `Bearer ${token}` })
          .expect(200)
      ).body;
      expect(me.since).toBe(new Date(1_700_000_000_000).toISOString());
    });
  });

  describe('anonymity', () => {
    it('no public answer carries an author id or an e-mail', async () => {
      const authors = (await h.conn.collection('reviews').find({}).toArray()).map((r) => r.authorId as string);
      const answers = await Promise.all([
        request(url).get('/api/rating/community?limit=50'),
        request(url).get(`/api/teacher/${teachers[0].id}/reviews?limit=50`),
        request(url).get('/api/teachers/ranking'),
        request(url).get('/api/teachers?query=mme'),
        request(url).get(`/api/teacher/${teachers[0].id}`),
      ]);
      for (const res of answers) {
        expect(res.status).toBe(200);
        const text = res.text;
        for (const a of authors) expect(text).not.toContain(`"${a}"`);
        expect(text).not.toMatch(/author|email|@/i);
      }
    });
  });
});
