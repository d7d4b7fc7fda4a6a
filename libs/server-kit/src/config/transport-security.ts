import fs from 'node:fs';
import { z } from 'zod';

// Encryption of the services' connections (issue #41, ASVS V9.2): which settings production refuses,
// and the CA files the services trust for the in-cluster stores. The local stack stays plain.

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----/;

/** The problem with a CA file, or undefined when it is a readable PEM certificate (bundle). */
export function caFileProblem(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
  }
  return PEM_CERTIFICATE.test(text) ? undefined : `${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`;
}

/** A path to a PEM CA certificate (bundle), optional; read and checked at start-up. */
export const caFileField = () =>
  z
    .string()
    .optional()
    .superRefine((file, ctx) => {
      const problem = file === undefined ? undefined : caFileProblem(file);
      if (problem) ctx.addIssue({ code: 'custom', message: `expected a readable PEM CA file: ${problem}` });
    });

/** `REDIS_TLS_CA_FILE`: the CA that signed Redis' certificate (a rediss:// REDIS_URL); the system's CAs when unset. */
export const redisTlsEnv = { REDIS_TLS_CA_FILE: caFileField() };

/** Whether a MongoDB connection string asks for TLS (`mongodb+srv://` does unless told not to). */
export function mongoUriUsesTls(uri: string): boolean {
  const query = new URLSearchParams(uri.split('?')[1] ?? '');
  const option = query.get('tls') ?? query.get('ssl');
  if (option !== null) return option === 'true';
  return uri.startsWith('mongodb+srv://');
}

/** The `tlsCAFile` of a MongoDB connection string, if any. */
export const mongoCaFileOf = (uri: string): string | undefined =>
  new URLSearchParams(uri.split('?')[1] ?? '').get('tlsCAFile') ?? undefined;

type StoresEnv = { NODE_ENV: string; MONGODB_URI: string; REDIS_URL: string; REDIS_TLS_CA_FILE?: string };

/**
 * The stores' connections: in production MongoDB and Redis only over TLS (`tls=true` or
 * mongodb+srv://, rediss://); anywhere, a CA file named must be readable, and REDIS_TLS_CA_FILE
 * only goes with a rediss:// URL.
 */
export function checkStoreTransport(env: StoresEnv, ctx: z.RefinementCtx): void {
  const production = env.NODE_ENV === 'production';
  if (production && !mongoUriUsesTls(env.MONGODB_URI))
    ctx.addIssue({ code: 'custom', path: ['MONGODB_URI'], message: 'must use TLS in production (tls=true, or mongodb+srv://)' });
  const mongoCa = mongoCaFileOf(env.MONGODB_URI);
  const mongoCaProblem = mongoCa === undefined ? undefined : caFileProblem(mongoCa);
  if (mongoCaProblem) ctx.addIssue({ code: 'custom', path: ['MONGODB_URI'], message: `its tlsCAFile: ${mongoCaProblem}` });
  const rediss = env.REDIS_URL.startsWith('rediss://');
  if (production && !rediss) ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'must use TLS in production (rediss://)' });
  if (env.REDIS_TLS_CA_FILE && !rediss)
    ctx.addIssue({ code: 'custom', path: ['REDIS_TLS_CA_FILE'], message: 'set with a redis:// REDIS_URL: use rediss:// (TLS)' });
}

/** An https URL in production; http also elsewhere (the local stack, the tests). */
export function requireHttpsInProduction(env: { NODE_ENV: string }, name: string, url: string | undefined, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && url !== undefined && URL.canParse(url) && new URL(url).protocol !== 'https:')
    ctx.addIssue({ code: 'custom', path: [name], message: 'must be an https URL in production' });
}
