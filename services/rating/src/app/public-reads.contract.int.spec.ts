import { communityCategorySchema, rankingSchema, teacherDetailSchema, teacherSearchResultSchema } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { z } from 'zod';
import { useContractWorld } from '../../testing/contract-harness';

jest.setTimeout(60_000);

/** Rows of the rating table of api-contract.md: search, ranking, a teacher, the community lists. */
describe('rating API contract: public reads', () => {
  const w = useContractWorld(__filename);

  describe('GET /api/teachers?query=T', () => {
    it('matches prefix and name, accent- and case-insensitively', async () => {
      const res = await request(w.url).get('/api/teachers').query({ query: 'FERNANDEZ' }).expect(200);
      const list = z.array(teacherSearchResultSchema).parse(res.body);
      expect(list.map((t) => t.name)).toEqual(['Fernández']);
      expect(list[0].subjects).toEqual([{ id: expect.any(Number), name: 'EPS' }]);
      const accented = await request(w.url).get('/api/teachers').query({ query: 'guérin' }).expect(200);
      expect(accented.body.map((t: { name: string }) => t.name)).toEqual(['Guérin']);
      const prefixed = await request(w.url).get('/api/teachers').query({ query: 'mme gar' }).expect(200);
      expect(prefixed.body.map((t: { name: string }) => t.name)).toEqual(['García']);
    });

    it('returns at most 20 teachers', async () => {
      const res = await request(w.url).get('/api/teachers').query({ query: 'mm' }).expect(200);
      expect(res.body.length).toBe(20);
    });

    it.each(['', 'B', ' d '])('answers [] under 2 characters (older clients search from the first keystroke): %j', async (query) => {
      const res = await request(w.url).get('/api/teachers').query({ query }).expect(200);
      expect(res.body).toEqual([]);
    });

    it.each([[{ query: '12' }], [{ query: ' 4 5 ' }], [{ query: 'x'.repeat(65) }], [{}], [{ query: 'ab', extra: '1' }]])(
      'is a 400 for %j',
      async (query) => {
        const res = await request(w.url).get('/api/teachers').query(query).expect(400);
        expect(res.body.error).toBe('bad-request');
      },
    );

    it('is a 400 for a repeated query parameter, never a 500', async () => {
      await request(w.url).get('/api/teachers?query=ab&query=cd').expect(400);
    });
  });

  it('GET /api/teachers/ranking: best first, subjects as names', async () => {
    const res = await request(w.url).get('/api/teachers/ranking').expect(200);
    expect(rankingSchema.parse(res.body).length).toBeGreaterThan(10);
  });

  describe('GET /api/teacher/{id} and /reviews', () => {
    it('gives the teacher, and 404 for an unknown one', async () => {
      const res = await request(w.url).get(`/api/teacher/${w.teachers[0].id}`).expect(200);
      expect(teacherDetailSchema.parse(res.body).id).toBe(w.teachers[0].id);
      await request(w.url).get('/api/teacher/99999').expect(404, { error: 'not-found' });
    });

    it("lists a teacher's reviews like the community, and 404s an unknown teacher", async () => {
      const res = await request(w.url).get(`/api/teacher/${w.teachers[0].id}/reviews`).expect(200);
      const state = res.body.at(-1);
      const blocks = res.body.slice(0, -1).map((b: unknown) => communityCategorySchema.parse(b));
      expect(blocks.length).toBeGreaterThan(0);
      for (const b of blocks) for (const r of b.reviews) expect(r.teacher.id).toBe(w.teachers[0].id);
      expect(Object.values(state).every((s) => JSON.stringify(s) === '[null,false]')).toBe(true);
      await request(w.url).get('/api/teacher/99999/reviews').expect(404, { error: 'not-found' });
      await request(w.url).get('/api/teacher/x1/reviews').expect(400);
    });
  });

  describe('GET /api/rating/community', () => {
    it("has categories, N reviews each, then the caller's state", async () => {
      const res = await request(w.url).get('/api/rating/community').expect(200);
      const blocks = res.body.slice(0, -1).map((b: unknown) => communityCategorySchema.parse(b));
      expect(blocks.map((b: { title: string }) => b.title)).toEqual(['recent', 'highest', 'lowest']); // no votes yet: no "relevant"
      for (const b of blocks) expect(b.reviews.length).toBe(10);
      const highest = blocks[1].reviews.map((r: { tot_rating: number }) => r.tot_rating);
      expect([...highest].sort((a, b) => b - a)).toEqual(highest);
      const state = res.body.at(-1);
      expect(Object.keys(state).sort()).toEqual(
        [...new Set(blocks.flatMap((b: { reviews: { id: number }[] }) => b.reviews.map((r) => String(r.id))))].sort(),
      );
      const limited = await request(w.url).get('/api/rating/community?limit=3').expect(200);
      expect(limited.body[0].reviews.length).toBe(3);
    });

    it('gives each public review the criteria and yes/no answers its public version holds, and nothing else', async () => {
      const res = await request(w.url).get('/api/rating/community').expect(200);
      const reviews = res.body.slice(0, -1).flatMap((b: unknown) => communityCategorySchema.parse(b).reviews);
      expect(reviews.length).toBeGreaterThan(0);
      for (const review of reviews) {
        const doc = await w.h.conn.collection('reviews').findOne({ id: review.id });
        expect(review.grades).toEqual(doc!.pub.grades);
        expect(review.answers).toEqual(doc!.pub.flags);
      }
    });

    it.each(['limit=0', 'limit=51', 'limit=abc', 'other=1'])('is a 400 for ?%s', async (q) => {
      await request(w.url).get(`/api/rating/community?${q}`).expect(400);
    });

    it("shows the caller's vote and favourite, and ignores an invalid token", async () => {
      const user = await w.h.auth('community-user');
      const id = w.visibleIds[0];
      await request(w.url).post(`/api/relatable/${id}`).set(user).send({ value: true }).expect(200);
      await request(w.url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200);
      const res = await request(w.url).get('/api/rating/community?limit=50').set(user).expect(200);
      const blocks = res.body.slice(0, -1);
      expect(blocks.map((b: { title: string }) => b.title)).toContain('relevant');
      expect(res.body.at(-1)[String(id)]).toEqual([true, true]);
      const anonymous = await request(w.url).get('/api/rating/community?limit=50').set({ Authorization: 'Bearer nonsense' }).expect(200);
      expect(anonymous.body.at(-1)[String(id)]).toEqual([null, false]);
    });
  });
});
