import { z } from 'zod';

export const dependencyStateSchema = z.enum(['up', 'down']);

/** Public health summary of a service, reachable through the gateway (GET /auth/health, GET /api/health). */
export const healthResponseSchema = z.strictObject({
  service: z.enum(['auth', 'rating']),
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  checks: z.strictObject({ database: dependencyStateSchema, redis: dependencyStateSchema }),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
