import { z } from 'zod';

// How precise a date may be, by who reads it (docs/threat-model.md). What everyone reads about a
// review — its public object, a teacher's space, the moderation console — is dated to the month:
// "aujourd'hui" beside a comment narrows its author down to the pupils who had that class today.
// Authors read their own reviews to the day.

/** An ISO 8601 instant on the first day of a month, UTC midnight: `2026-11-01T00:00:00.000Z`. */
export const MONTH_DATE_PATTERN = /^[0-9]{4}-[0-9]{2}-01T00:00:00\.000Z$/;
/** An ISO 8601 instant at UTC midnight: `2026-11-23T00:00:00.000Z`. */
export const DAY_DATE_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T00:00:00\.000Z$/;

export const monthDateSchema = z.iso
  .datetime()
  .refine((s) => MONTH_DATE_PATTERN.test(s), { message: 'created_at must be rounded to the month (its first day, UTC midnight)' });
export const dayDateSchema = z.iso
  .datetime()
  .refine((s) => DAY_DATE_PATTERN.test(s), { message: 'created_at must be rounded to the day (UTC midnight)' });
