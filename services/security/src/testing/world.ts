// What the security suite probes, as a client would: the real auth service, the real rating API and
// worker (verifying auth's tokens through its JWKS, sharing its Redis and queue prefix), behind the
// real local edge, nginx (infra/routes.json decides which service answers a path), on the database,
// Redis and mail catcher of the integration setup. Not part of any bundle.
import { JWKS_PATH } from '@pupitre/contracts';
import { request } from '@pupitre/server-kit/testing';
import { exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import mongoose from 'mongoose';
import { startEdge } from '../../../../infra/local/lib/edge.mjs';
import { freePortList } from '../../../../infra/local/lib/ports.mjs';
import {
  type AuthUnderTest,
  createActiveUser,
  GOOD_PASSWORD,
  login,
  startAuth,
  uniqueEmail,
} from '../../../auth/src/testing/auth-test-kit';
import { type Approver, bootstrapApprover, enrolSecondFactor, signInWithCode } from '../../../auth/src/testing/second-factor-kit';
import { type Fixtures } from './registry';
import { type Harness, reviewPayload, startHarness, teachersOf, waitShown } from '../../../rating/testing/rating-harness';

/** Both services' key of the account hashes in the security log, as an operator sets it (the same for both). */
export const WORLD_SECURITY_LOG_KEY = 'world-security-log-key-0123456789abcdef';
/** The auth service's keys of the TOTP secrets at rest, as an operator sets them (the admin CLI is given the same). */
export const WORLD_SECOND_FACTOR_KEYS = `world:${Buffer.from('world-second-factor-key-0123456!').toString('base64')}`;

export interface Account {
  id: string;
  email: string;
  password: string;
  access: string;
  refresh: string;
  /** `{Authorization: 'Bearer <access>'}` */
  bearer: { Authorization: string };
}

export interface World {
  /** The edge (nginx): every endpoint of the contract registry answers here. */
  url: string;
  auth: AuthUnderTest;
  /** The rating API and worker with their database connection (absent with `rating: false`). */
  rating: Harness;
  /** Every process's own address (auth, rating API, worker): the probes answer there. */
  processes: string[];
  /** The auth service's signing key (it was given this one), to forge validly signed tokens. */
  signingKey: { kid: string; key: CryptoKey };
  /**
   * A new active account, signed in (through sign-up, the mailed link and login); admins and
   * moderators through the admin CLI (approved by the world's first admin), with the second factor
   * on and signed in with a code, as staff must be (ADR 0013).
   */
  account(role?: 'user' | 'admin' | 'moderator', options?: { secondFactor?: boolean }): Promise<Account>;
  /** A new review by `author`, once it is public (teacher number `n` of the demo catalogue: by default 2, 3, …). */
  publicReview(author: Account, n?: number): Promise<number>;
  /** Real ids to put in paths: a public review by `author` (of demo teacher 1), its teacher and subject. */
  fixtures(author: Account): Promise<Fixtures>;
  /** Both services and the worker still answer their liveness probe. */
  expectAlive(): Promise<void>;
  close(): Promise<void>;
}

export interface WorldOptions {
  /** Auth environment overrides (`undefined` drops a test default, e.g. a generous throttle). */
  auth?: Record<string, string | undefined>;
  /** Start the rating API and worker too (default true). */
  rating?: boolean;
  /** Rating worker environment overrides (e.g. TRANSPARENCY_INTERVAL). */
  workerEnv?: Record<string, string>;
  /** Rating API environment overrides (e.g. the abuse signals' rates). */
  ratingEnv?: Record<string, string>;
}

export async function startWorld(testFile: string, options: WorldOptions = {}): Promise<World> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = `sec-${Date.now().toString(36)}`;
  const auth = await startAuth(testFile, {
    TRUST_PROXY: '1',
    JWT_PRIVATE_KEYS: JSON.stringify([{ ...(await exportJWK(privateKey)), kid }]),
    SECURITY_LOG_KEY: WORLD_SECURITY_LOG_KEY,
    SECOND_FACTOR_KEYS: WORLD_SECOND_FACTOR_KEYS,
    ...options.auth,
  });
  const queue = { QUEUE_PREFIX: auth.config.QUEUE_PREFIX };
  const rating =
    options.rating === false
      ? undefined
      : await startHarness(`${testFile}-rating`, {
          worker: true,
          api: {
            ...queue,
            AUTH_JWKS_URL: `${auth.url}${JWKS_PATH}`,
            REVIEW_VALIDATION_DELAY: '500ms',
            DEVELOPMENT_TIMINGS: 'true',
            RELEASE_TIMES: 'every 500ms',
            SECURITY_LOG_KEY: WORLD_SECURITY_LOG_KEY,
            ...options.ratingEnv,
          },
          workerEnv: { ...options.workerEnv, ...queue },
        });
  const [edgePort] = await freePortList(1);
  const gateway = await startEdge({
    port: edgePort,
    host: '127.0.0.1',
    targets: { auth: auth.url, ...(rating && { rating: rating.api.url }) },
  });
  const url = gateway.url.replace('localhost', '127.0.0.1');
  const processes = [auth.url, rating?.api.url, rating?.worker?.url].filter((u): u is string => Boolean(u));
  let reviews = 1; // demo teacher 1 is the fixtures'
  let approver: Promise<Approver> | undefined;
  const withConnection = async <T>(work: (conn: mongoose.Connection) => Promise<T>): Promise<T> => {
    const conn = await mongoose.createConnection(auth.config.MONGODB_URI, { dbName: auth.config.MONGODB_DB }).asPromise();
    return work(conn).finally(() => conn.close());
  };

  const world: World = {
    url,
    auth,
    rating: rating as Harness,
    processes,
    signingKey: { kid, key: privateKey },
    async account(role = 'user', { secondFactor = true } = {}) {
      const { id, email, password } = await createActiveUser(url);
      let tokens = await login(url, email, password);
      if (role !== 'user') {
        approver ??= withConnection((conn) =>
          bootstrapApprover(url, conn, uniqueEmail('root'), GOOD_PASSWORD, auth.config.SECOND_FACTOR_KEYS),
        );
        const root = await approver;
        await withConnection((conn) =>
          root.grant(conn, { command: role === 'admin' ? 'grant-admin' : 'grant-moderator', email }, 'cli:security-suite'),
        );
        if (secondFactor) {
          const { secret } = await enrolSecondFactor(url, tokens.access, password);
          tokens = await signInWithCode(url, { email, password }, secret);
        } else tokens = await login(url, email, password);
      }
      const { access, refresh } = tokens;
      return { id, email, password, access, refresh, bearer: { Authorization: `Bearer ${access}` } };
    },
    async publicReview(author, n = (reviews += 1)) {
      const teacher = (await teachersOf(world.rating.conn))[n];
      const { body } = await request(url)
        .post('/api/rating/0')
        .set(author.bearer)
        .send(reviewPayload(teacher.id, teacher.subjectIds[0], { text_rating: `Review number ${n} of the security suite` }))
        .expect(201);
      await waitShown(world.rating, body.id);
      return body.id;
    },
    async fixtures(author) {
      const teacher = (await teachersOf(world.rating.conn))[1];
      return { review: await world.publicReview(author, 1), teacher: teacher.id, subject: teacher.subjectIds[0] };
    },
    async expectAlive() {
      for (const probe of processes) await request(probe).get('/healthz').expect(200);
    },
    async close() {
      await gateway.stop();
      await rating?.close();
      await auth.dispose();
    },
  };
  return world;
}

/** A world started before the test file's tests and closed after them: `world()` is it. */
export function useWorld(testFile: string, options?: WorldOptions): () => World {
  let w: World | undefined;
  beforeAll(async () => {
    w = await startWorld(testFile, options);
  });
  afterAll(() => w?.close());
  return () => w as World;
}
