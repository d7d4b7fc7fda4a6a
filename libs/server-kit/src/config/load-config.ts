import { type z } from 'zod';
import { validateConfig } from './validate-config';

/** sysexits.h EX_CONFIG: the process was started with a configuration it cannot run with. */
export const EXIT_CONFIG = 78;

/**
 * Validates the environment at start-up. On any problem it prints one line per problem (naming the
 * variable) on stderr and exits with code 78, before anything else starts.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
  service = 'service',
): z.output<S> {
  const result = validateConfig(schema, env);
  if (result.ok) return result.config;
  const lines = [`${service}: invalid configuration, refusing to start:`, ...result.problems.map((p) => `  - ${p}`)];
  process.stderr.write(`${lines.join('\n')}\n`);
  process.exit(EXIT_CONFIG);
}
