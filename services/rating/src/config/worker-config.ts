import { z } from 'zod';
import { baseServiceEnv, positiveIntField } from '@pupitre/server-kit';
import { queueEnv } from './queue-env';

/** Environment of the rating worker (src/worker.ts); PORT serves /healthz, /readyz and /metrics only. */
export const workerEnvSchema = z.object({
  ...baseServiceEnv({ port: 3003, database: 'pupitre_rating' }),
  ...queueEnv,
  /** Jobs processed in parallel by this process. */
  WORKER_CONCURRENCY: positiveIntField(4),
});

export type WorkerConfig = z.output<typeof workerEnvSchema>;
