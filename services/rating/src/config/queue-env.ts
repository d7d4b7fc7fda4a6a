import { z } from 'zod';

/** Shared by the API (producer) and the worker (consumer): they must agree on it. */
export const queueEnv = {
  /** BullMQ key prefix in Redis; tests give each run its own. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{1,64}$/, { message: 'expected letters, digits, _, : or - (at most 64)' })
    .default('bull'),
};
