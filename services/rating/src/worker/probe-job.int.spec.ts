import { dropDatabase, request, startTestApp, type TestApp, testServiceConfig } from '@pupitre/server-kit/testing';
import mongoose, { type Connection } from 'mongoose';
import { ratingAppOptions } from '../app/app-options';
import { AppModule } from '../app/app.module';
import { PublicationProducer } from '../app/publication/publication-producer.service';
import { ratingEnvSchema } from '../config/rating-config';
import { workerEnvSchema } from '../config/worker-config';
import { WorkerModule } from './worker.module';

jest.setTimeout(30_000);

interface Receipt {
  jobId: string;
  name: string;
  data: { token: string };
  enqueuedAt: Date;
  delayMs: number;
  processedAt: Date;
}

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('review-publication queue: API producer → delay → worker', () => {
  // A queue prefix of its own, so no other test run's worker takes these jobs.
  const queue = { QUEUE_PREFIX: `it-${process.pid}-${Date.now()}` };
  const apiConfig = testServiceConfig(ratingEnvSchema, __filename, {
    ...queue,
    AUTH_JWKS_URL: 'http://127.0.0.1:9/auth/.well-known/jwks.json',
  });
  const workerConfig = testServiceConfig(workerEnvSchema, __filename, { ...queue, MONGODB_DB: apiConfig.MONGODB_DB });
  let api: TestApp;
  let worker: TestApp;
  let conn: Connection;

  beforeAll(async () => {
    [api, worker] = await Promise.all([
      startTestApp(AppModule.forRoot(apiConfig), ratingAppOptions(apiConfig)),
      startTestApp(WorkerModule.forRoot(workerConfig), { name: 'rating-worker' }),
    ]);
    conn = await mongoose.createConnection(apiConfig.MONGODB_URI, { dbName: apiConfig.MONGODB_DB }).asPromise();
  });
  afterAll(async () => {
    await Promise.all([api?.close(), worker?.close()]);
    await conn?.close();
    await dropDatabase(apiConfig.MONGODB_URI, apiConfig.MONGODB_DB);
  });

  it('serves /healthz, /readyz and /metrics on the worker port', async () => {
    await request(worker.url).get('/healthz').expect(200);
    await request(worker.url).get('/readyz').expect(200);
    const metrics = await request(worker.url).get('/metrics').expect(200);
    expect(metrics.text).toContain('service="rating-worker"');
  });

  it('runs a probe job only after its 1 s delay', async () => {
    const token = `t-${Date.now()}`;
    const enqueuedAt = Date.now();
    const jobId = await api.app.get(PublicationProducer).enqueue('probe', { token }, { delayMs: 1000 });
    const receipts = conn.collection<Receipt>('job_receipts');

    await new Promise((r) => setTimeout(r, 700));
    expect(await receipts.findOne({ jobId })).toBeNull();

    const receipt = await waitFor(() => receipts.findOne({ jobId }), 15_000);
    expect(receipt).toMatchObject({ name: 'probe', data: { token }, delayMs: 1000 });
    expect(receipt.processedAt.getTime() - enqueuedAt).toBeGreaterThanOrEqual(1000);
    expect(receipt.processedAt.getTime() - receipt.enqueuedAt.getTime()).toBeGreaterThanOrEqual(1000);
  });
});
