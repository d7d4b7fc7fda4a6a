import { type RankingEntry, rankingSchema, subjectListSchema, teacherDetailSchema } from '@pupitre/contracts';
import { dropDatabase, freePort, request, startTestApp, type TestApp, testServiceConfig } from '@pupitre/server-kit/testing';
import mongoose from 'mongoose';
import { ratingEnvSchema } from '../config/rating-config';
import { DEMO_SUBJECTS } from '../seed/demo-subjects';
import { seedDatabase } from '../seed/seed-database';
import { ratingAppOptions } from './app-options';
import { AppModule } from './app.module';
import { recomputeFromScratch } from '../../testing/rating-harness';

jest.setTimeout(30_000);
describe('rating API', () => {
  const config = testServiceConfig(ratingEnvSchema, __filename, {
    QUEUE_PREFIX: `it-${process.pid}-api`,
    AUTH_JWKS_URL: 'http://127.0.0.1:9/auth/.well-known/jwks.json',
  });
  let svc: TestApp;

  beforeAll(async () => {
    await seedDatabase(config.MONGODB_URI, config.MONGODB_DB);
    svc = await startTestApp(AppModule.forRoot(config), ratingAppOptions(config));
  });
  afterAll(async () => {
    await svc?.close();
    await dropDatabase(config.MONGODB_URI, config.MONGODB_DB);
  });

  describe('platform endpoints', () => {
    it('is alive and ready', async () => {
      await request(svc.url).get('/healthz').expect(200);
      await request(svc.url).get('/readyz').expect(200);
    });

    it('publishes its summary at /api/health', async () => {
      const res = await request(svc.url).get('/api/health').expect(200);
      expect(res.body).toMatchObject({ service: 'rating', status: 'ok', checks: { database: 'up', redis: 'up' } });
    });

    it('exposes metrics labelled by route pattern, not by raw URL', async () => {
      await request(svc.url).get('/api/teacher/1');
      const res = await request(svc.url).get('/metrics').expect(200);
      expect(res.text).toContain('route="/api/teacher/:id"');
      expect(res.text).not.toContain('route="/api/teacher/1"');
    });

    it('serves its OpenAPI document under /api/docs', async () => {
      const res = await request(svc.url).get('/api/docs/openapi.json').expect(200);
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining(['/api/subjects', '/api/teachers/ranking', '/api/teacher/{id}', '/api/health']),
      );
    });

    it('answers a body of any type but JSON with 415 and the error key; JSON with a charset passes (issue #41)', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
        const res = await request(svc.url).post('/api/rating/0').set('Content-Type', type).send('{"teacher": 1}');
        expect([type, res.status, res.body]).toEqual([type, 415, { error: 'unsupported-media-type', detail: expect.any(String) }]);
      }
      const json = await request(svc.url)
        .post('/api/rating/0')
        .set('Content-Type', 'application/json; charset=utf-8')
        .send('{"teacher": 1}');
      expect(json.status).not.toBe(415);
    });

    it('marks JSON answers Content-Disposition: attachment; filename="api.json", not the Swagger UI (issue #41)', async () => {
      for (const path of ['/api/subjects', '/api/health', '/api/unknown', '/api/docs/openapi.json']) {
        const res = await request(svc.url).get(path);
        expect([path, res.headers['content-disposition']]).toEqual([path, 'attachment; filename="api.json"']);
      }
      const ui = await request(svc.url).get('/api/docs').expect(200);
      expect(ui.headers['content-disposition']).toBeUndefined();
    });

    it('answers a malformed JSON body with a 400, and unknown routes with a 404', async () => {
      const res = await request(svc.url).post('/api/rating/0').set('Content-Type', 'application/json').send('{"teacher": 1,,}').expect(400);
      expect(res.body.error).toBe('bad-request');
      await request(svc.url).get('/api/unknown').expect(404, { error: 'not-found' });
    });
  });

  it('lists the subjects with their colours', async () => {
    const res = await request(svc.url).get('/api/subjects').expect(200);
    const subjects = subjectListSchema.parse(res.body);
    expect(subjects.map((s) => s.name).sort()).toEqual(DEMO_SUBJECTS.map((s) => s.name).sort());
    expect(subjects.find((s) => s.name === 'Mathématiques')?.color).toBe('#1e88e5');
  });

  describe('ranking', () => {
    let ranking: RankingEntry[];
    let teachers: { id: number; name: string; reviewCount: number; ratingSum: number }[];

    beforeAll(async () => {
      ranking = rankingSchema.parse((await request(svc.url).get('/api/teachers/ranking').expect(200)).body);
      const conn = await mongoose.createConnection(config.MONGODB_URI, { dbName: config.MONGODB_DB }).asPromise();
      // Each teacher's figures, recomputed from the review documents (the API derives them in memory).
      const truth = await recomputeFromScratch(conn);
      teachers = (
        await conn
          .collection('teachers')
          .find({}, { projection: { _id: 0, id: 1, name: 1 } })
          .toArray()
      ).map((t) => ({ id: t.id, name: t.name, ...truth.teachers.get(t.id)! }));
      await conn.close();
    });

    it('holds the teachers with at least RANKING_MIN_REVIEWS reviews (about twenty in the demo)', () => {
      const eligible = teachers.filter((t) => t.reviewCount >= config.RANKING_MIN_REVIEWS);
      expect(ranking.map((r) => r.id).sort((a, b) => a - b)).toEqual(eligible.map((t) => t.id).sort((a, b) => a - b));
      expect(ranking.length).toBeGreaterThanOrEqual(18);
    });

    it('is ordered by the Bayesian average toward the school mean', () => {
      const sum = teachers.reduce((s, t) => s + t.ratingSum, 0);
      const count = teachers.reduce((s, t) => s + t.reviewCount, 0);
      const prior = config.RANKING_MIN_REVIEWS;
      const score = (id: number) => {
        const t = teachers.find((x) => x.id === id)!;
        return (prior * (sum / count) + t.ratingSum) / (prior + t.reviewCount);
      };
      for (let i = 1; i < ranking.length; i++) expect(score(ranking[i - 1].id)).toBeGreaterThanOrEqual(score(ranking[i].id));
      // The score shown is the one the order follows (one decimal), beside the review count.
      for (const entry of ranking) {
        expect(entry.score).toBe(Math.round(score(entry.id) * 10) / 10);
        expect(entry.reviews).toBe(teachers.find((t) => t.id === entry.id)!.reviewCount);
      }
      for (let i = 1; i < ranking.length; i++) expect(ranking[i - 1].score).toBeGreaterThanOrEqual(ranking[i].score);
    });

    it('shows the plain mean with one decimal and subject names', () => {
      for (const entry of ranking) {
        const t = teachers.find((x) => x.id === entry.id)!;
        expect(entry.rating).toBe(Math.round((t.ratingSum / t.reviewCount) * 10) / 10);
        expect(entry.subjects.length).toBeGreaterThan(0);
        expect(entry.subjects.every((s) => typeof s === 'string')).toBe(true);
      }
    });
  });

  describe('teacher detail', () => {
    it('returns the teacher with rating, review count and subjects', async () => {
      const res = await request(svc.url).get('/api/teacher/1').expect(200);
      const detail = teacherDetailSchema.parse(res.body);
      expect(detail).toMatchObject({ id: 1, prefix: 'Mme', name: 'Dupont' });
      expect(detail.reviews).toBeGreaterThan(0);
      expect(detail.rating).not.toBeNull();
      expect(detail.subjects).toEqual([{ id: expect.any(Number), name: 'Mathématiques', color: '#1e88e5' }]);
    });

    it('gives a null rating to a teacher without reviews', async () => {
      const ranking = (await request(svc.url).get('/api/teachers/ranking')).body as RankingEntry[];
      const ranked = new Set(ranking.map((r) => r.id));
      for (let id = 1; id <= 60; id++) {
        if (ranked.has(id)) continue;
        const detail = (await request(svc.url).get(`/api/teacher/${id}`).expect(200)).body;
        if (detail.reviews === 0) {
          expect(detail.rating).toBeNull();
          return;
        }
      }
      throw new Error('the demo data has no teacher without reviews');
    });

    it('is a 404 for an unknown id', async () => {
      await request(svc.url).get('/api/teacher/999999').expect(404, { error: 'not-found' });
    });

    it.each(['abc', '-1', '1.5', '0', '1e3'])('is a 400 for the malformed id %s', async (id) => {
      const res = await request(svc.url).get(`/api/teacher/${id}`).expect(400);
      expect(res.body).toEqual({ error: 'bad-request', detail: expect.any(String) });
    });
  });

  it('starts and stays ready with Redis unreachable (degraded: Redis holds jobs and sessions, not data)', async () => {
    const offline = testServiceConfig(ratingEnvSchema, __filename, {
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      MONGODB_DB: config.MONGODB_DB,
      AUTH_JWKS_URL: 'http://127.0.0.1:9/auth/.well-known/jwks.json',
    });
    const down = await startTestApp(AppModule.forRoot(offline), ratingAppOptions(offline));
    try {
      const res = await request(down.url).get('/readyz').expect(200);
      expect(res.body).toMatchObject({ status: 'ready', down: ['redis'] });
      await request(down.url).get('/api/subjects').expect(200);
    } finally {
      await down.close();
    }
  });
});
