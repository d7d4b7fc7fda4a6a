// Test harness of the rating integration tests: the API and the worker in-process on the test
// file's own database and queue prefix, a token issuer standing in for the auth service, and the
// demo catalogue. Not part of the bundles.
import { effectiveAggregates } from '../app/teachers/effective-aggregates';
import { dropDatabase, startTestApp, startTokenIssuer, testServiceConfig, type TestApp, type TestTokenIssuer } from '@pupitre/server-kit/testing';
import { createQueueConnection } from '@pupitre/server-kit';
import mongoose, { type Connection } from 'mongoose';
import { ratingAppOptions } from '../app/app-options';
import { AppModule } from '../app/app.module';
import { type RatingConfig, ratingEnvSchema } from '../config/rating-config';
import { type WorkerConfig, workerEnvSchema } from '../config/worker-config';
import { seedDatabase } from '../seed/seed-database';
import { WorkerModule } from '../worker/worker.module';

export { reviewPayload } from './review-payload';

export interface Harness {
  api: TestApp;
  worker?: TestApp;
  issuer: TestTokenIssuer;
  apiConfig: RatingConfig;
  workerConfig: WorkerConfig;
  conn: Connection;
  startWorker(): Promise<TestApp>;
  stopWorker(): Promise<void>;
  /** A bearer header for a user (a fresh random user without `sub`), whose account is `joinedDaysAgo` old when given. */
  auth(sub?: string, roles?: ('user' | 'admin')[], joinedDaysAgo?: number): Promise<{ Authorization: string }>;
  flushRedis(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(testFile: string, options: { worker?: boolean; seed?: boolean; api?: Record<string, string>; workerEnv?: Record<string, string> } = {}): Promise<Harness> {
  const issuer = await startTokenIssuer();
  const prefix = `it-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const apiConfig = testServiceConfig(ratingEnvSchema, testFile, {
    QUEUE_PREFIX: prefix,
    AUTH_JWKS_URL: issuer.jwksUrl,
    REVIEW_VALIDATION_DELAY: '1500ms',
    AUTH_JWKS_COOLDOWN: '0',
    ...options.api,
  });
  const workerConfig = testServiceConfig(workerEnvSchema, testFile, {
    QUEUE_PREFIX: prefix,
    MONGODB_DB: apiConfig.MONGODB_DB,
    RECONCILE_INTERVAL: '1s',
    RECONCILE_GRACE: '1s',
    ...options.workerEnv,
  });
  if (options.seed !== false) await seedDatabase(apiConfig.MONGODB_URI, apiConfig.MONGODB_DB);
  const api = await startTestApp(AppModule.forRoot(apiConfig), ratingAppOptions(apiConfig));
  const conn = await mongoose.createConnection(apiConfig.MONGODB_URI, { dbName: apiConfig.MONGODB_DB }).asPromise();
  const h: Harness = {
    api,
    issuer,
    apiConfig,
    workerConfig,
    conn,
    async startWorker() {
      h.worker = await startTestApp(WorkerModule.forRoot(workerConfig), { name: 'rating-worker' });
      return h.worker;
    },
    async stopWorker() {
      await h.worker?.close();
      h.worker = undefined;
    },
    async auth(sub, roles = ['user'], joinedDaysAgo) {
      const claims = joinedDaysAgo === undefined ? undefined : { date_joined: Math.floor(Date.now() / 1000 - joinedDaysAgo * 86_400) };
      return { Authorization: `Bearer ${await issuer.sign({ sub: sub ?? `u-${Math.random().toString(36).slice(2)}`, roles, claims })}` };
    },
    async flushRedis() {
      const redis = createQueueConnection(apiConfig.REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
    async close() {
      await Promise.allSettled([h.worker?.close(), api.close()]);
      await conn.close();
      await issuer.close();
      await dropDatabase(apiConfig.MONGODB_URI, apiConfig.MONGODB_DB);
    },
  };
  if (options.worker) await h.startWorker();
  return h;
}

/** The demo teachers with their subjects, straight from the database. */
export async function teachersOf(conn: Connection): Promise<{ id: number; name: string; subjectIds: number[] }[]> {
  return conn.collection('teachers').find({}, { projection: { _id: 0, id: 1, name: 1, subjectIds: 1 } }).sort({ id: 1 }).toArray() as never;
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Waits until review `id` has the verdict `status` AND its publication time has come: a new review
 * is validated ahead of its time (PUBLICATION_LEAD), so its stored status alone says nothing of
 * what the public sees yet.
 */
export function waitShown(conn: Connection, id: number, status = 'published', timeoutMs = 15_000): Promise<Record<string, unknown>> {
  return waitFor(
    async () => {
      const r = await conn.collection('reviews').findOne({ id });
      const now = Date.now();
      if (!r || r.status !== status || new Date(r.publishAt).getTime() > now) return null;
      return !r.pub || new Date(r.pub.publishedAt).getTime() <= now ? r : null;
    },
    timeoutMs,
    `review ${id} ${status} and due`,
  );
}

/** A teacher's aggregates as shown now (stored totals plus the upcoming changes whose time has come). */
export async function shownAggregates(conn: Connection, teacherId: number): Promise<{ reviewCount: number; ratingSum: number }> {
  const t = await conn.collection('teachers').findOne({ id: teacherId });
  const { reviewCount, ratingSum } = effectiveAggregates(t as never, Date.now());
  return { reviewCount, ratingSum };
}

/** Teachers whose aggregates as shown now differ from a from-scratch recomputation (none: exact). */
export async function aggregateMismatches(conn: Connection): Promise<{ id: number; shown: object; truth: object }[]> {
  const truth = await recomputeFromScratch(conn);
  const out: { id: number; shown: object; truth: object }[] = [];
  for (const t of await conn.collection('teachers').find({}).toArray()) {
    const shown = await shownAggregates(conn, t.id);
    const expected = truth.teachers.get(t.id)!;
    if (shown.reviewCount !== expected.reviewCount || shown.ratingSum !== expected.ratingSum) out.push({ id: t.id, shown, truth: expected });
  }
  return out;
}

/**
 * Recomputes, from scratch, what the maintained aggregates must be now: per teacher the count and
 * sum of tot_rating of the public versions shown (visible, their time come); per review the vote counts.
 */
export async function recomputeFromScratch(conn: Connection): Promise<{
  teachers: Map<number, { reviewCount: number; ratingSum: number }>;
  reviews: Map<number, { relUp: number; relTotal: number }>;
}> {
  const reviews = await conn.collection('reviews').find({}).toArray();
  const votes = await conn.collection('votes').find({}).toArray();
  const teachers = new Map<number, { reviewCount: number; ratingSum: number }>();
  for (const t of await conn.collection('teachers').find({}).toArray()) teachers.set(t.id, { reviewCount: 0, ratingSum: 0 });
  const now = Date.now();
  for (const r of reviews) {
    if (!r.visible || !r.pub || new Date(r.pub.publishedAt).getTime() > now) continue; // not shown (yet)
    const t = teachers.get(r.pub.teacherId)!;
    t.reviewCount++;
    t.ratingSum += r.pub.tot_rating;
  }
  const counts = new Map<number, { relUp: number; relTotal: number }>(reviews.map((r) => [r.id, { relUp: 0, relTotal: 0 }]));
  for (const v of votes) {
    const c = counts.get(v.reviewId)!;
    c.relTotal++;
    if (v.value) c.relUp++;
  }
  return { teachers, reviews: counts };
}
