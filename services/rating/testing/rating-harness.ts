// Test harness of the rating integration tests: the API and the worker in-process on the test
// file's own database and queue prefix, a token issuer standing in for the auth service, and the
// demo catalogue. Not part of the bundles.
import { FIGURES_MAX_AGE_MS } from '../src/app/data/teacher-stats-store';
import {
  dropDatabase,
  startTestApp,
  startTokenIssuer,
  testServiceConfig,
  type TestApp,
  type TestTokenIssuer,
} from '@pupitre/server-kit/testing';
import { createQueueConnection } from '@pupitre/server-kit';
import { type Role } from '@pupitre/contracts';
import mongoose, { type Connection } from 'mongoose';
import { ratingAppOptions } from '../src/app/app-options';
import { AppModule } from '../src/app/app.module';
import { type RatingConfig, ratingEnvSchema } from '../src/config/rating-config';
import { type WorkerConfig, workerEnvSchema } from '../src/config/worker-config';
import { seedDatabase } from '../src/seed/seed-database';
import { WorkerModule } from '../src/worker/worker.module';

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
  auth(sub?: string, roles?: Role[], joinedDaysAgo?: number): Promise<{ Authorization: string }>;
  /** A bearer header for the account linked to teacher `teacherId` (roles user and teacher, its `teacher_id` claim). */
  teacher(teacherId: number, sub?: string): Promise<{ Authorization: string }>;
  flushRedis(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(
  testFile: string,
  options: { worker?: boolean; seed?: boolean; api?: Record<string, string>; workerEnv?: Record<string, string> } = {},
): Promise<Harness> {
  const issuer = await startTokenIssuer();
  const prefix = `it-${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  const apiConfig = testServiceConfig(ratingEnvSchema, testFile, {
    QUEUE_PREFIX: prefix,
    AUTH_JWKS_URL: issuer.jwksUrl,
    REVIEW_VALIDATION_DELAY: '1500ms',
    DEVELOPMENT_TIMINGS: 'true',
    RELEASE_TIMES: 'every 500ms', // a release every half second: public soon after the validation
    AUTH_JWKS_COOLDOWN: '0',
    // Every test file's requests come from 127.0.0.1: limits out of reach, but in the rate-limit tests.
    RATE_LIMIT_ADDRESS: '1000000/1s',
    RATE_LIMIT_ACCOUNT: '1000000/1s',
    ...options.api,
  });
  const workerConfig = testServiceConfig(workerEnvSchema, testFile, {
    QUEUE_PREFIX: prefix,
    MONGODB_DB: apiConfig.MONGODB_DB,
    RECONCILE_INTERVAL: '1s',
    RECONCILE_GRACE: '1s',
    DEVELOPMENT_TIMINGS: 'true',
    RELEASE_TIMES: 'every 500ms',
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
    async teacher(teacherId, sub = `teacher-${teacherId}`) {
      return { Authorization: `Bearer ${await issuer.sign({ sub, roles: ['user', 'teacher'], claims: { teacher_id: teacherId } })}` };
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
  return conn
    .collection('teachers')
    .find({}, { projection: { _id: 0, id: 1, name: 1, subjectIds: 1 } })
    .sort({ id: 1 })
    .toArray() as never;
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
 * Waits until review `id` has the verdict `status` in the database, then until every public list
 * shows it: every list is read again once the figures it follows moved, within FIGURES_MAX_AGE_MS.
 */
export async function waitShown(
  h: Pick<Harness, 'conn'>,
  id: number,
  status = 'published',
  timeoutMs = 15_000,
): Promise<Record<string, unknown>> {
  const doc = await waitFor(
    async () => {
      const r = await h.conn.collection('reviews').findOne({ id });
      return r && r.status === status ? r : null;
    },
    timeoutMs,
    `review ${id} ${status}`,
  );
  await new Promise((resolve) => setTimeout(resolve, FIGURES_MAX_AGE_MS + 50));
  return doc;
}

/** A teacher's figures according to the review documents: his visible reviews' count and rating sum. */
export async function shownAggregates(conn: Connection, teacherId: number): Promise<{ reviewCount: number; ratingSum: number }> {
  return (await recomputeFromScratch(conn)).teachers.get(teacherId) ?? { reviewCount: 0, ratingSum: 0 };
}

/**
 * Teachers whose figures as the API shows them (teacher page: count and mean) differ from a
 * recomputation from the review documents (none: exact). Polls briefly: another process's write
 * shows once the API reads the teachers' figures again (at most FIGURES_MAX_AGE_MS later).
 */
export async function aggregateMismatches(
  h: Pick<Harness, 'conn' | 'api'>,
  timeoutMs = 3000,
): Promise<{ id: number; shown: object; truth: object }[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const truth = await recomputeFromScratch(h.conn);
    const out: { id: number; shown: object; truth: object }[] = [];
    for (const [id, expected] of truth.teachers) {
      const res = await fetch(`${h.api.url}/api/teacher/${id}`);
      const shown = (await res.json()) as { reviews: number; rating: number | null };
      const rating = expected.reviewCount ? Math.round((expected.ratingSum / expected.reviewCount) * 10) / 10 : null;
      if (
        shown.reviews !== expected.reviewCount ||
        (shown.rating === null) !== (rating === null) ||
        Math.abs((shown.rating ?? 0) - (rating ?? 0)) > 0.051
      ) {
        out.push({ id, shown: { reviews: shown.reviews, rating: shown.rating }, truth: { reviews: expected.reviewCount, rating } });
      }
    }
    if (!out.length || Date.now() > deadline) return out;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Recomputes, from the review documents, what the API must show: per teacher the count and sum of
 * tot_rating of the visible reviews' public versions; per review the vote counts of its votes.
 */
export async function recomputeFromScratch(conn: Connection): Promise<{
  teachers: Map<number, { reviewCount: number; ratingSum: number }>;
  reviews: Map<number, { relUp: number; relTotal: number }>;
}> {
  const reviews = await conn.collection('reviews').find({}).toArray();
  const teachers = new Map<number, { reviewCount: number; ratingSum: number }>();
  for (const t of await conn.collection('teachers').find({}).toArray()) teachers.set(t.id, { reviewCount: 0, ratingSum: 0 });
  const counts = new Map<number, { relUp: number; relTotal: number }>();
  for (const r of reviews) {
    const votes = ((r.voters as { v: number }[]) ?? []).map((voter) => voter.v);
    counts.set(r.id, { relUp: votes.filter((v) => v === 1).length, relTotal: votes.length });
    if (!r.visible || !r.pub || r.hidden) continue;
    const t = teachers.get(r.pub.teacherId)!;
    t.reviewCount++;
    t.ratingSum += r.pub.tot_rating;
  }
  return { teachers, reviews: counts };
}
