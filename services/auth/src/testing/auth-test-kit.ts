// Helpers for the auth service's integration tests (not part of the bundle).
import { dropDatabase, startTestApp, testServiceConfig, type TestApp } from '@pupitre/server-kit/testing';
import { MongoClient } from 'mongodb';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { authAppOptions } from '../app/app-options';
import { AppModule } from '../app/app.module';
import { type AuthConfig, authEnvSchema } from '../config/auth-config';

export interface AuthUnderTest extends TestApp {
  config: AuthConfig;
  /** Closes the app and drops its database. */
  dispose: () => Promise<void>;
}

/** Generous limits so that only the throttling tests meet them; a cheap scrypt cost for speed. */
export const TEST_ENV: Record<string, string> = {
  PASSWORD_SCRYPT_LOG_N: '12',
  THROTTLE_LOGIN_IP: '10000/1m',
  THROTTLE_LOGIN_FAILURES: '10000',
  THROTTLE_LOGIN_ACCOUNT: '10000/1m',
  THROTTLE_SIGNUP_IP: '10000/1m',
  THROTTLE_RESET_IP: '10000/1m',
  THROTTLE_RESEND_IP: '10000/1m',
};

/** Overrides that give the login throttles their production defaults back (an `undefined` override drops a TEST_ENV value). */
export const DEFAULT_LOGIN_THROTTLES: Record<string, undefined> = Object.fromEntries(
  Object.keys(TEST_ENV)
    .filter((k) => k.startsWith('THROTTLE_LOGIN_'))
    .map((k) => [k, undefined]),
);

/** The auth app in-process on its own database (and its own throttle/queue prefixes in Redis). */
export async function startAuth(testFile: string, overrides: Record<string, string | undefined> = {}): Promise<AuthUnderTest> {
  const run = randomBytes(4).toString('hex');
  const env = Object.entries({ THROTTLE_PREFIX: `throttle-${run}`, QUEUE_PREFIX: `bull-${run}`, ...TEST_ENV, ...overrides }).filter(
    (e): e is [string, string] => e[1] !== undefined,
  );
  const config = testServiceConfig(authEnvSchema, testFile, Object.fromEntries(env));
  const svc = await startTestApp(AppModule.forRoot(config), authAppOptions(config));
  return {
    ...svc,
    config,
    dispose: async () => {
      await svc.close();
      await dropDatabase(config.MONGODB_URI, config.MONGODB_DB);
    },
  };
}

/** A fresh address nobody else uses in this run. */
/**
 * A fresh address. The random part is letters only: with hex digits it was, now and then, similar
 * enough to the numeric passwords of the password-rule tests to add "too similar to the email".
 */
export const uniqueEmail = (tag = 'user'): string =>
  `${tag}.${[...randomBytes(10)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}@example.org`;

export const GOOD_PASSWORD = 'Cahier-de-textes-42';

interface CaughtMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: Array<{ address: string }>;
  date: string;
}

/** Mails the catcher holds for `to` (maildev REST API), newest last. */
export async function mailsTo(to: string): Promise<CaughtMail[]> {
  const res = await fetch(`${process.env.MAILCATCHER_URL}/email`);
  const all = (await res.json()) as CaughtMail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase())).sort((a, b) => a.date.localeCompare(b.date));
}

/** Waits until `to` has at least `count` mails, and returns the last one. */
export async function waitForMail(to: string, count = 1, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(to);
    if (mails.length >= count) return mails[mails.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail #${count} for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Once `to` has `count` mails, the last one that carries a password-reset link (notices may come in between). */
export async function lastResetMail(to: string, count: number): Promise<CaughtMail> {
  await waitForMail(to, count);
  const found = (await mailsTo(to)).filter((m) => /\/password\/reset\/confirm\//.test(m.text)).at(-1);
  if (!found) throw new Error(`no reset mail for ${to}`);
  return found;
}

/** `{uid, token}` from an activation or reset link in a mail's text. */
export function linkParts(mail: CaughtMail, kind: 'activate' | 'password/reset/confirm'): { uid: string; token: string; url: string } {
  const match = new RegExp(`(https?://\\S+/${kind}/([A-Za-z0-9_-]+)/([A-Za-z0-9_-]+)/)`).exec(mail.text);
  if (!match) throw new Error(`no ${kind} link in: ${mail.text}`);
  return { url: match[1], uid: match[2], token: match[3] };
}

/** Signs up and activates through the real mail; returns the user id. */
export async function createActiveUser(
  url: string,
  email = uniqueEmail(),
  password = GOOD_PASSWORD,
  lang = 'en',
): Promise<{ email: string; password: string; id: string }> {
  const signup = await request(url).post('/auth/manage/users/').send({ email, password, re_password: password, lang }).expect(201);
  const { uid, token } = linkParts(await waitForMail(email), 'activate');
  await request(url).post('/auth/manage/users/activation/').send({ uid, token }).expect(204);
  return { email, password, id: signup.body.id };
}

export async function login(url: string, email: string, password: string): Promise<{ access: string; refresh: string }> {
  const res = await request(url).post('/auth/token/').send({ email, password }).expect(200);
  return res.body;
}

/** Browsers as their User-Agent names them, for the sessions' device descriptions. */
export const USER_AGENTS = {
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
} as const;

/** Signs in from a given browser (its User-Agent): a session of its own. */
export async function signInFrom(
  url: string,
  user: { email: string; password: string },
  userAgent: string,
): Promise<{ access: string; refresh: string }> {
  return (await request(url).post('/auth/token/').set('User-Agent', userAgent).send(user).expect(200)).body;
}

/** The auth app and a client of its database for the tests of one describe (started before them, closed after). */
export function useAuthAndDatabase(
  testFile: string,
  overrides?: Record<string, string | undefined>,
): { readonly auth: AuthUnderTest; readonly mongo: MongoClient } {
  let auth: AuthUnderTest | undefined;
  let mongo: MongoClient | undefined;
  beforeAll(async () => {
    auth = await startAuth(testFile, overrides);
    mongo = await MongoClient.connect(auth.config.MONGODB_URI);
  });
  afterAll(async () => {
    await mongo?.close();
    await auth?.dispose();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the auth app runs only while the tests of its describe run');
    return value;
  };
  return {
    get auth() {
      return started(auth);
    },
    get mongo() {
      return started(mongo);
    },
  };
}
