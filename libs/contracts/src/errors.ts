import { z } from 'zod';

/** Error keys of the rating API (`{ "error": key }`); clients translate them as `Error.<key>`. */
export const ratingErrorKeys = [
  'wrong-teacher',
  'wrong-subject',
  'wrong-year',
  'incorrect-grade',
  'incorrect-overall',
  'text-rating-forbidden-characters',
  'duplicate-review',
  'ReviewFormIdentical',
  'bad-request',
  'not-found',
  'forbidden',
  'unauthorized',
  'too-many-requests',
  'internal',
] as const;
export type RatingErrorKey = (typeof ratingErrorKeys)[number];

/** The generic error body every service answers with when no contract row says otherwise. */
/** `request_id`: on a 5xx, the request's `X-Request-Id`, to quote when reporting it. */
export const errorBodySchema = z.strictObject({ error: z.string(), detail: z.string().optional(), request_id: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
