import { z } from 'zod';
import { baseServiceEnv, durationField, positiveIntField } from '@pupitre/server-kit';
import { queueEnv } from './queue-env';

/** Environment of the rating API (src/main.ts), validated at start-up. */
export const ratingEnvSchema = z.object({
  ...baseServiceEnv({ port: 3002, database: 'pupitre_rating' }),
  ...queueEnv,
  /** How long a new or edited review waits before it is published: `10m`, `2s`, or milliseconds. */
  REVIEW_VALIDATION_DELAY: durationField('10m'),
  /** Teachers need at least this many published reviews to appear in the ranking. */
  RANKING_MIN_REVIEWS: positiveIntField(3),
});

export type RatingConfig = z.output<typeof ratingEnvSchema>;
