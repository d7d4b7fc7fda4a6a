// Graceful shutdown of the worker: a job already running when the process is told to stop (SIGTERM
// closes the Nest app, which closes the BullMQ worker) finishes before the worker is gone.
import { dropDatabase, startTestApp, testServiceConfig, type TestApp } from '@pupitre/server-kit/testing';
import mongoose, { type Connection } from 'mongoose';
import { ratingAppOptions } from '../app/app-options';
import { AppModule } from '../app/app.module';
import { PublicationProducer } from '../app/publication/publication-producer.service';
import { ratingEnvSchema } from '../config/rating-config';
import { workerEnvSchema } from '../config/worker-config';
import { WorkerModule } from './worker.module';

jest.setTimeout(30_000);

describe('rating worker shutdown', () => {
  const queue = { QUEUE_PREFIX: `it-${process.pid}-${Date.now()}-drain` };
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
    await api?.close();
    await conn?.close();
    await dropDatabase(apiConfig.MONGODB_URI, apiConfig.MONGODB_DB);
  });

  it('lets an in-flight job finish before it stops', async () => {
    const receipts = conn.collection('job_receipts');
    const token = `drain-${Date.now()}`;
    const jobId = await api.app.get(PublicationProducer).enqueue('probe', { token, holdMs: 1500 });

    // Wait until the worker has taken the job (it is now running its 1.5 s hold).
    const deadline = Date.now() + 10_000;
    const queueKey = `${queue.QUEUE_PREFIX}:review-publication:active`;
    const redis = new (await import('ioredis')).Redis(apiConfig.REDIS_URL);
    try {
      while (!(await redis.lrange(queueKey, 0, -1)).includes(jobId)) {
        if (Date.now() > deadline) throw new Error(`job ${jobId} never became active`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      redis.disconnect();
    }
    expect(await receipts.findOne({ jobId })).toBeNull();

    const stopping = Date.now();
    await worker.close();
    // close() returned only after the job completed: its receipt is there, written after the hold.
    const receipt = await receipts.findOne({ jobId });
    expect(receipt).toMatchObject({ name: 'probe', data: { token, holdMs: 1500 } });
    expect(Date.now() - stopping).toBeGreaterThanOrEqual(500);
  });
});
