import { z } from 'zod';
import { deviceDescriptionSchema } from './account-sessions';
import { REVIEW_ANSWER_KEYS, REVIEW_GRADE_KEYS } from './review-rules';
import { roleSchema } from './tokens';

// A signed-in user's copy of their own data (issue #41, GDPR art. 15 and 20), in two parts: each
// service answers what it holds about the caller, and only that. The front end joins and labels
// them (personal-data-labels.ts). Never a password hash, a token, a second-factor secret or a
// recovery code; the rating part never an e-mail address, and neither another user's id.

/** GET: the auth service's part (the account). */
export const ACCOUNT_EXPORT_PATH = '/auth/manage/users/me/export/';
/** GET: the rating service's part (reviews, votes, favourites, reports). */
export const RATING_EXPORT_PATH = '/auth/me/export';
/** The file names the services give them (`Content-Disposition`). */
export const ACCOUNT_EXPORT_FILENAME = 'pupitre-account.json';
export const RATING_EXPORT_FILENAME = 'pupitre-reviews.json';

const iso = z.iso.datetime();

/** One live session as /settings lists it: device family, browser, system, sign-in month, last use to the day. */
export const exportedSessionSchema = z.strictObject({
  device: deviceDescriptionSchema,
  signed_in_month: z.string().regex(/^\d{4}-\d{2}$/),
  last_used_day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  current: z.boolean(),
});
export type ExportedSession = z.infer<typeof exportedSessionSchema>;

export const accountDataExportSchema = z.strictObject({
  email: z.string(),
  language: z.enum(['fr', 'es', 'en']),
  joined_at: iso,
  last_sign_in_at: iso.nullable(),
  roles: z.array(roleSchema),
  google_linked: z.boolean(),
  second_factor_enabled: z.boolean(),
  sessions: z.array(exportedSessionSchema),
  /** How many devices it signed in from are remembered (a sign-in from another is told by e-mail). */
  known_devices: z.number().int().min(0),
});
export type AccountDataExport = z.infer<typeof accountDataExportSchema>;

/** A review's state as stored: `approved` waits for the next release to be public. */
export const EXPORTED_REVIEW_STATUSES = ['pending', 'approved', 'published', 'held', 'rejected'] as const;
export type ExportedReviewStatus = (typeof EXPORTED_REVIEW_STATUSES)[number];
export const EXPORTED_REPORT_OUTCOMES = ['open', 'kept', 'removed'] as const;
export type ExportedReportOutcome = (typeof EXPORTED_REPORT_OUTCOMES)[number];

export const exportedReviewSchema = z.strictObject({
  id: z.number().int(),
  teacher: z.string(),
  subject: z.string(),
  /** The class the author was in (Terminale … Sixième). */
  class_year: z.string(),
  overall: z.number(),
  grades: z.partialRecord(z.enum(REVIEW_GRADE_KEYS), z.number()),
  answers: z.partialRecord(z.enum(REVIEW_ANSWER_KEYS), z.boolean()),
  text: z.string(),
  status: z.enum(EXPORTED_REVIEW_STATUSES),
  created_at: iso,
  updated_at: iso,
  /** When it was first public, and when its public version was published (null: never public). */
  first_published_at: iso.nullable(),
  published_at: iso.nullable(),
});
export type ExportedReview = z.infer<typeof exportedReviewSchema>;

export const exportedVoteSchema = z.strictObject({ review_id: z.number().int(), relatable: z.boolean() });
export type ExportedVote = z.infer<typeof exportedVoteSchema>;

export const exportedReportSchema = z.strictObject({
  review_id: z.number().int(),
  text: z.string(),
  created_at: iso,
  outcome: z.enum(EXPORTED_REPORT_OUTCOMES),
  decided_at: iso.nullable(),
});
export type ExportedReport = z.infer<typeof exportedReportSchema>;

/** At most this many of each list are exported (far above what one pupil writes, votes or reports). */
export const PERSONAL_DATA_LIMIT = 5000;

export const ratingDataExportSchema = z.strictObject({
  reviews: z.array(exportedReviewSchema).max(PERSONAL_DATA_LIMIT),
  votes: z.array(exportedVoteSchema).max(PERSONAL_DATA_LIMIT),
  favorites: z.array(z.number().int()).max(PERSONAL_DATA_LIMIT),
  reports: z.array(exportedReportSchema).max(PERSONAL_DATA_LIMIT),
});
export type RatingDataExport = z.infer<typeof ratingDataExportSchema>;
