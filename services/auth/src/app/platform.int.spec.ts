import { dropDatabase, freePort, request, startTestApp, type TestApp, testServiceConfig } from '@pupitre/server-kit/testing';
import { authEnvSchema } from '../config/auth-config';
import { authAppOptions } from './app-options';
import { AppModule } from './app.module';

jest.setTimeout(30_000);
describe('auth service platform endpoints', () => {
  const config = testServiceConfig(authEnvSchema, __filename);
  let svc: TestApp;

  beforeAll(async () => {
    svc = await startTestApp(AppModule.forRoot(config), authAppOptions(config));
  });
  afterAll(async () => {
    await svc?.close();
    await dropDatabase(config.MONGODB_URI, config.MONGODB_DB);
  });

  it('is alive', async () => {
    await request(svc.url).get('/healthz').expect(200, { status: 'ok' });
  });

  it('is ready when MongoDB and Redis answer', async () => {
    const res = await request(svc.url).get('/readyz').expect(200);
    expect(res.body).toMatchObject({ status: 'ready', down: [] });
  });

  it('publishes its health summary at /auth/health', async () => {
    const res = await request(svc.url).get('/auth/health').expect(200);
    expect(res.body).toEqual({ service: 'auth', status: 'ok', version: expect.any(String), checks: { database: 'up', redis: 'up' } });
  });

  it('exposes Prometheus metrics, with request durations by route', async () => {
    await request(svc.url).get('/healthz');
    const res = await request(svc.url)
      .get('/metrics')
      .expect(200)
      .expect('Content-Type', /text\/plain/);
    expect(res.text).toContain('process_cpu_user_seconds_total');
    expect(res.text).toMatch(/http_request_duration_seconds_count\{service="auth",method="GET",route="\/healthz",status="200"\} \d+/);
  });

  it('serves its OpenAPI document under /auth/docs', async () => {
    const res = await request(svc.url).get('/auth/docs/openapi.json').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.paths).toHaveProperty(['/auth/health']);
    await request(svc.url).get('/auth/docs').expect(200).expect('Content-Type', /html/);
  });

  it('answers unknown routes with a JSON 404', async () => {
    await request(svc.url).get('/auth/nope').expect(404, { error: 'not-found' });
  });

  it('answers a malformed JSON body with a 400, never a 500', async () => {
    const res = await request(svc.url).post('/auth/token/').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(res.body).toMatchObject({ error: 'bad-request' });
  });

  it('refuses bodies over the size limit with a 413', async () => {
    const res = await request(svc.url)
      .post('/auth/manage/users/')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(40_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'payload-too-large', detail: expect.any(String) });
  });

  describe('HTTP hygiene (issue #41)', () => {
    it.each(['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b'])(
      'answers a %s body with 415 and the error key, before reading it',
      async (type) => {
        const res = await request(svc.url)
          .post('/auth/token/')
          .set('Content-Type', type)
          .send('{"email":"a@b.c","password":"x"}')
          .expect(415);
        expect(res.body).toEqual({ error: 'unsupported-media-type', detail: expect.any(String) });
      },
    );

    it('takes JSON with or without a charset (what older clients send), and bodiless POSTs whatever their type', async () => {
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        const res = await request(svc.url)
          .post('/auth/token/')
          .set('Content-Type', type)
          .send('{"email":"nobody@example.org","password":"x"}');
        expect([type, res.status]).toEqual([type, 401]);
      }
      // The cookie client's logout sends no body.
      await request(svc.url)
        .post('/auth/token/logout/')
        .set('Content-Type', 'text/plain')
        .expect((res) => expect(res.status).not.toBe(415));
    });

    it('marks JSON answers, errors included, Content-Disposition: attachment; filename="api.json"; not the Swagger UI or metrics', async () => {
      for (const path of ['/auth/health', '/auth/nope', '/auth/.well-known/jwks.json', '/auth/docs/openapi.json']) {
        const res = await request(svc.url).get(path);
        expect([path, res.headers['content-disposition']]).toEqual([path, 'attachment; filename="api.json"']);
      }
      for (const path of ['/auth/docs', '/metrics']) {
        const res = await request(svc.url).get(path).expect(200);
        expect([path, res.headers['content-disposition']]).toEqual([path, undefined]);
      }
      // The Google sign-in's redirects (a GET, no body) are untouched.
      const start = await request(svc.url).get('/auth/oauth2/get-redirect').expect(302);
      expect(start.headers['content-disposition']).toBeUndefined();
    });

    it('serves no Swagger UI nor OpenAPI document with API_DOCS=false (production’s default)', async () => {
      const quiet = testServiceConfig(authEnvSchema, __filename, { API_DOCS: 'false' });
      const app = await startTestApp(AppModule.forRoot(quiet), authAppOptions(quiet));
      try {
        await request(app.url).get('/auth/docs').expect(404, { error: 'not-found' });
        await request(app.url).get('/auth/docs/openapi.json').expect(404);
        await request(app.url).get('/auth/health').expect(200);
      } finally {
        await app.close();
      }
    });
  });

  it('stays ready with Redis unreachable (degraded: what needs Redis answers 503, see the Redis fault test)', async () => {
    const offline = testServiceConfig(authEnvSchema, __filename, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    const down = await startTestApp(AppModule.forRoot(offline), authAppOptions(offline));
    try {
      const res = await request(down.url).get('/readyz').expect(200);
      expect(res.body).toMatchObject({ status: 'ready', down: ['redis'], checks: { database: { up: true }, redis: { up: false } } });
      const summary = await request(down.url).get('/auth/health').expect(200);
      expect(summary.body).toMatchObject({ service: 'auth', status: 'degraded', checks: { database: 'up', redis: 'down' } });
      await request(down.url).get('/healthz').expect(200);
    } finally {
      await down.close();
      await dropDatabase(offline.MONGODB_URI, offline.MONGODB_DB);
    }
  });
});
