import { z } from 'zod';
import { durationField } from '@pupitre/server-kit';

/** Shared by the API (producer) and the worker (consumer): they must agree on it. */
export const queueEnv = {
  /** BullMQ key prefix in Redis; tests give each run its own. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_:-]{1,64}$/, { message: 'expected letters, digits, _, : or - (at most 64)' })
    .default('bull'),
  /**
   * How long before its publication time a new review is validated (the job fires then): the
   * verdict and the aggregates are written ahead and the review shows at its exact time, even when
   * many come due at once. Edits of a public review are validated at their time. `0` turns it off.
   */
  PUBLICATION_LEAD: durationField('2m'),
};
