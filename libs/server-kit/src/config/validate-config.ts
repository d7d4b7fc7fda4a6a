import { type z } from 'zod';

export type ConfigResult<T> = { ok: true; config: T } | { ok: false; problems: string[] };

type Env = Record<string, string | undefined>;

/**
 * Checks environment variables against a zod object schema, without side effects. Each problem is
 * one line naming the variable and what is expected, e.g.
 * `MONGODB_URI: required (a mongodb:// or mongodb+srv:// URL), but it is not set`.
 */
export function validateConfig<S extends z.ZodType>(schema: S, env: Env): ConfigResult<z.output<S>> {
  // Empty strings count as "not set": `FOO=` in a shell or a manifest is a missing value.
  const cleaned: Env = {};
  for (const [key, value] of Object.entries(env)) if (value !== undefined && value.trim() !== '') cleaned[key] = value.trim();
  const result = schema.safeParse(cleaned);
  if (result.success) return { ok: true, config: result.data };
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.map(String).join('.') || '(environment)';
    const received = issue.path.length === 1 ? cleaned[String(issue.path[0])] : undefined;
    if (received === undefined && issue.code === 'invalid_type') {
      return `${name}: required (${describe(issue.message)}), but it is not set`;
    }
    const shown = received === undefined || SECRET_NAME.test(name) ? '' : `, got ${JSON.stringify(withoutCredentials(received))}`;
    return `${name}: ${describe(issue.message)}${shown}`;
  });
  return { ok: false, problems };
}

/** Variables whose value a problem never repeats (it would land in the logs of a failed start). */
const SECRET_NAME = /SECRET|PASSWORD|_KEYS?$/;

/** A URL's user and password (`scheme://user:pass@host`: MONGODB_URI, REDIS_URL, SMTP_URL) never repeated either. */
const withoutCredentials = (value: string): string => value.replace(/\/\/[^@/\s]*@/, '//***@');

function describe(message: string): string {
  return message.replace(/^Invalid input: /, '');
}
