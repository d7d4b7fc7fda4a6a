import { z } from 'zod';

/**
 * Teachers, subjects and reviews have positive integer ids (the API's older clients send numbers,
 * and -1 means "not chosen" in the review form). A path segment that is not one is a 400.
 */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export type Id = number;

/**
 * An id as a URL path segment: decimal digits only (no sign, exponent, hex or spaces), then a
 * positive integer. `/api/teacher/abc`, `/api/teacher/-1` and `/api/teacher/1.5` fail it (400).
 */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, { message: 'expected a positive integer id' })
  .transform(Number)
  .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER));
