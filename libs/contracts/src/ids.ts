import { z } from 'zod';

/**
 * Teachers, subjects and reviews have positive integer ids (the API's older clients send numbers,
 * and -1 means "not chosen" in the review form). A path segment that is not one is a 400.
 */
export const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export type Id = number;
