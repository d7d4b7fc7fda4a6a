import { isIP } from 'node:net';
import { z } from 'zod';
import { parseDuration } from './duration';
import { LOG_LEVELS } from '../logging/log-level';
import { redisTlsEnv } from './transport-security';

// Reusable field schemas for service configuration. Messages say what is expected: the loader
// prefixes them with the variable's name.

export const portField = (fallback: number) =>
  z.coerce
    .number({ message: 'expected a TCP port number (1-65535)' })
    .int({ message: 'expected a TCP port number (1-65535)' })
    .min(1, { message: 'expected a TCP port number (1-65535)' })
    .max(65535, { message: 'expected a TCP port number (1-65535)' })
    .default(fallback);

export const mongoUriField = () =>
  z.string({ message: 'a mongodb:// or mongodb+srv:// URL' }).regex(/^mongodb(\+srv)?:\/\/.+/, {
    message: 'expected a mongodb:// or mongodb+srv:// URL',
  });

export const redisUrlField = () =>
  z.string({ message: 'a redis:// or rediss:// URL' }).regex(/^rediss?:\/\/.+/, { message: 'expected a redis:// or rediss:// URL' });

export const urlField = (fallback: string, protocols = ['http:', 'https:']) =>
  z
    .string()
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `expected a URL (${protocols.map((p) => p.replace(':', '')).join(' or ')})`,
    })
    .default(fallback);

export const databaseNameField = (fallback: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,63}$/, { message: 'expected a database name (letters, digits, _ or -, at most 63)' })
    .default(fallback);

export const logLevelField = () => z.enum(LOG_LEVELS, { message: `expected one of ${LOG_LEVELS.join(', ')}` }).default('info');

/** Comma-separated list of allowed browser origins; empty means same-origin only. */
export const corsOriginsField = () =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every((o) => o === '*' || URL.canParse(o)), {
      message: 'expected a comma-separated list of origins like https://example.org (or *)',
    });

export const durationField = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const ms = parseDuration(v);
      if (ms === undefined) {
        ctx.addIssue({ code: 'custom', message: 'expected a duration like 10m, 2s, 500ms or a number of milliseconds' });
        return z.NEVER;
      }
      return ms;
    });

export const positiveIntField = (fallback: number) =>
  z.coerce
    .number({ message: 'expected a positive integer' })
    .int({ message: 'expected a positive integer' })
    .min(1, { message: 'expected a positive integer' })
    .default(fallback);

/** An integer from `min` to `max`, `fallback` when unset. */
export const intRangeField = (min: number, max: number, fallback: number) => {
  const message = `expected an integer from ${min} to ${max}`;
  return z.coerce.number({ message }).int({ message }).min(min, { message }).max(max, { message }).default(fallback);
};

/** `true` or `false` (default `false`): an explicit switch, nothing else is read as one. */
export const flagField = () =>
  z
    .enum(['true', 'false'], { message: 'expected true or false' })
    .default('false')
    .transform((v) => v === 'true');

/**
 * The address to listen on: an IP address. `0.0.0.0` (every interface: containers) by default; the
 * local stack sets `127.0.0.1` so nothing is reachable from the network.
 */
export const hostField = () =>
  z
    .string()
    .default('0.0.0.0')
    .refine((v) => isIP(v) !== 0, { message: 'expected an IP address to listen on, like 127.0.0.1 or 0.0.0.0' });

/** The variables every service reads, with their defaults. */
export const baseServiceEnv = (defaults: { port: number; database: string }) => ({
  HOST: hostField(),
  PORT: portField(defaults.port),
  MONGODB_URI: mongoUriField(),
  MONGODB_DB: databaseNameField(defaults.database),
  REDIS_URL: redisUrlField(),
  ...redisTlsEnv,
  LOG_LEVEL: logLevelField(),
  CORS_ORIGINS: corsOriginsField(),
});

/** A secret of 32 characters or more (`openssl rand -hex 32`), optional: the service says when it is required. */
export const secretField = () => z.string().min(32, { message: 'expected at least 32 characters (openssl rand -hex 32)' }).optional();

/**
 * `SECURITY_LOG_KEY`: the key of the account hashes in the security log, the same for every service
 * and replica (an operator follows one account everywhere: docs/security-log.md). Required in
 * production; elsewhere a random one per process.
 */
export const securityLogEnv = { SECURITY_LOG_KEY: secretField() };

/** Adds the problem of a production configuration without SECURITY_LOG_KEY. */
export function requireSecurityLogKey(env: { NODE_ENV: string; SECURITY_LOG_KEY?: string }, ctx: z.RefinementCtx): void {
  if (env.NODE_ENV === 'production' && !env.SECURITY_LOG_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['SECURITY_LOG_KEY'],
      message: 'required in production (openssl rand -hex 32, the same for auth and rating)',
    });
}

/**
 * `API_DOCS`: whether the service serves its Swagger UI and OpenAPI document. `true` or `false`;
 * unset, on everywhere but in production (NODE_ENV=production), where the UI is off (ASVS V14.3).
 */
export const apiDocsEnv = { API_DOCS: z.enum(['true', 'false'], { message: 'expected true or false' }).optional() };

/** Whether the Swagger UI is served: API_DOCS, else off in production only. */
export const apiDocsEnabled = (env: { NODE_ENV: string; API_DOCS?: 'true' | 'false' }): boolean =>
  env.API_DOCS === undefined ? env.NODE_ENV !== 'production' : env.API_DOCS === 'true';
