import { publicReviewSchema } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { z } from 'zod';
import { reviewPayload } from '../../testing/rating-harness';
import { useContractWorld } from '../../testing/contract-harness';

jest.setTimeout(60_000);

/** Rows of the rating table of api-contract.md: votes, favourites, reports; then no public answer names an author. */
describe('rating API contract: votes, favourites, reports', () => {
  const w = useContractWorld(__filename);

  describe('votes, favourites and reports', () => {
    it('POST /api/relatable/{id} sets and changes the vote; DELETE removes it', async () => {
      const id = w.visibleIds[1];
      const a = await w.h.auth('voter-a');
      const b = await w.h.auth('voter-b');
      // [who, value (undefined: DELETE), relatable, relatable_count]: set, change, repeat, remove (twice), remove by null.
      const steps: [typeof a, boolean | null | undefined, number, number][] = [
        [a, true, 100, 1],
        [b, false, 50, 2],
        [b, false, 50, 2],
        [b, true, 100, 2],
        [a, undefined, 100, 1],
        [a, undefined, 100, 1],
        [b, null, 0, 0],
      ];
      for (const [who, value, relatable, count] of steps) {
        const sent =
          value === undefined
            ? request(w.url).delete(`/api/relatable/${id}`).set(who)
            : request(w.url).post(`/api/relatable/${id}`).set(who).send({ value });
        expect((await sent.expect(200)).body).toEqual({ relatable, relatable_count: count, vote: value ?? null });
      }
    });

    it("a vote shows at once in its teacher's lists, cached just before it", async () => {
      const id = w.visibleIds[3];
      const { teacherId } = (await w.h.conn.collection('reviews').findOne({ id }))!;
      const shown = async () => {
        const blocks = (await request(w.url).get(`/api/teacher/${teacherId}/reviews`).expect(200)).body.slice(0, -1);
        return blocks.flatMap((b: { reviews: { id: number }[] }) => b.reviews).find((r: { id: number }) => r.id === id);
      };
      const before = await shown();
      expect(await shown()).toEqual(before);
      await request(w.url)
        .post(`/api/relatable/${id}`)
        .set(await w.h.auth('voter-d'))
        .send({ value: true })
        .expect(200);
      expect(await shown()).toMatchObject({ relatable_count: before.relatable_count + 1 });
    });

    it("votes: 404 unknown or not public, 403 on one's own review, 400 bad body or id, 401 signed out", async () => {
      const user = await w.h.auth('voter-c');
      await request(w.url).post('/api/relatable/999999').set(user).send({ value: true }).expect(404);
      const t = w.teachers[3];
      const pending = await request(w.url)
        .post('/api/rating/0')
        .set(await w.h.auth('pending-author'))
        .send(reviewPayload(t.id, t.subjectIds[0]))
        .expect(201);
      await request(w.url).post(`/api/relatable/${pending.body.id}`).set(user).send({ value: true }).expect(404);
      const own = await w.h.conn.collection('reviews').findOne({ visible: true });
      await request(w.url)
        .post(`/api/relatable/${own!.id}`)
        .set(await w.h.auth(own!.authorId))
        .send({ value: true })
        .expect(403);
      for (const body of [{}, { value: 'yes' }, { value: true, x: 1 }])
        await request(w.url).post(`/api/relatable/${w.visibleIds[2]}`).set(user).send(body).expect(400);
      await request(w.url).post('/api/relatable/abc').set(user).send({ value: true }).expect(400);
      await request(w.url).post(`/api/relatable/${w.visibleIds[2]}`).send({ value: true }).expect(401);
    });

    it('favourites: idempotent set and remove; 404 for an unknown review; listed in /auth/me/favorites', async () => {
      const user = await w.h.auth('fan');
      const id = w.visibleIds[3];
      await request(w.url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200, { value: true });
      await request(w.url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200, { value: true });
      const favs = await request(w.url).get('/auth/me/favorites').set(user).expect(200);
      expect(
        z
          .array(publicReviewSchema)
          .parse(favs.body)
          .map((r) => r.id),
      ).toEqual([id]);
      await request(w.url).post(`/api/rating/${id}/favorite`).set(user).send({ value: false }).expect(200, { value: false });
      await request(w.url).post(`/api/rating/${id}/favorite`).set(user).send({ value: true }).expect(200);
      await request(w.url).delete(`/api/rating/${id}/favorite`).set(user).expect(204);
      await request(w.url).delete(`/api/rating/${id}/favorite`).set(user).expect(204);
      expect((await request(w.url).get('/auth/me/favorites').set(user).expect(200)).body).toEqual([]);
      await request(w.url).post('/api/rating/999999/favorite').set(user).send({ value: true }).expect(404);
      await request(w.url).post(`/api/rating/${id}/favorite`).set(user).send({ value: 1 }).expect(400);
      await request(w.url).get('/auth/me/favorites').expect(401);
    });

    it('reports: 201, 409 when already reported, 400 over 512 characters or empty, 404 unknown; held once they weigh the threshold', async () => {
      const id = w.visibleIds[4];
      const teacherId = (await w.h.conn.collection('reviews').findOne({ id }))!.pub.teacherId;
      const before = (await request(w.url).get(`/api/teacher/${teacherId}`).expect(200)).body.reviews;
      const r1 = await w.h.auth('reporter-1', ['user'], 60); // accounts two months old: each report weighs 1
      await request(w.url).post(`/api/rating/${id}/report`).set(r1).send({ content: 'Insulting' }).expect(201);
      await request(w.url).post(`/api/rating/${id}/report`).set(r1).send({ content: 'Again' }).expect(409, { error: 'already-reported' });
      await request(w.url)
        .post(`/api/rating/${id}/report`)
        .set(await w.h.auth('reporter-x'))
        .send({ content: 'x'.repeat(513) })
        .expect(400);
      await request(w.url)
        .post(`/api/rating/${id}/report`)
        .set(await w.h.auth('reporter-x'))
        .send({ content: '' })
        .expect(400);
      await request(w.url)
        .post(`/api/rating/${id}/report`)
        .set(await w.h.auth('reporter-x'))
        .send({})
        .expect(400);
      await request(w.url).post('/api/rating/999999/report').set(r1).send({ content: 'x' }).expect(404);
      await request(w.url)
        .post(`/api/rating/${id}/report`)
        .set(await w.h.auth('reporter-2', ['user'], 60))
        .send({ content: 'x'.repeat(512) })
        .expect(201);
      expect((await w.h.conn.collection('reviews').findOne({ id }))!.visible).toBe(true);
      await request(w.url)
        .post(`/api/rating/${id}/report`)
        .set(await w.h.auth('reporter-3', ['user'], 60))
        .send({ content: 'Threatening' })
        .expect(201);
      expect(await w.h.conn.collection('reviews').findOne({ id })).toMatchObject({ visible: false, hidden: true, reportCount: 3 });
      expect((await request(w.url).get(`/api/teacher/${teacherId}`).expect(200)).body.reviews).toBe(before - 1);
      const community = await request(w.url).get('/api/rating/community?limit=50').expect(200);
      const listed = community.body.slice(0, -1).flatMap((b: { reviews: { id: number }[] }) => b.reviews.map((r) => r.id));
      expect(listed).not.toContain(id);
    });
  });

  describe('anonymity', () => {
    it('no public answer carries an author id or an e-mail', async () => {
      const authors = (await w.h.conn.collection('reviews').find({}).toArray()).map((r) => r.authorId as string);
      const answers = await Promise.all([
        request(w.url).get('/api/rating/community?limit=50'),
        request(w.url).get(`/api/teacher/${w.teachers[0].id}/reviews?limit=50`),
        request(w.url).get('/api/teachers/ranking'),
        request(w.url).get('/api/teachers?query=mme'),
        request(w.url).get(`/api/teacher/${w.teachers[0].id}`),
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
