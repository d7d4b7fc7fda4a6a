import { type z } from 'zod';
import { validateConfig } from '../config/validate-config';
import { testDatabaseName } from './test-database-name';

/**
 * A service configuration for an integration test: the database, Redis and mail catcher started by
 * the jest global setup, a database of the test file's own, silent logs, then `overrides`.
 */
export function testServiceConfig<S extends z.ZodType>(schema: S, testFile: string, overrides: Record<string, string> = {}): z.output<S> {
  const env = {
    MONGODB_URI: process.env.MONGODB_URI,
    REDIS_URL: process.env.REDIS_URL,
    SMTP_URL: process.env.SMTP_URL,
    MONGODB_DB: testDatabaseName(testFile),
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  };
  const result = validateConfig(schema, env);
  if (!result.ok)
    throw new Error(`test configuration is invalid (is the integration global setup running?):\n${result.problems.join('\n')}`);
  return result.config;
}
