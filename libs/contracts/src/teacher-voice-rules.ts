// The teachers' voice rules that need no zod (constants, reason lists): front ends import them
// without pulling the schema library (and its eval, which the CSP forbids) into their bundles.
// Re-exported by teacher-voice.ts, so `@pupitre/contracts` offers them as before.

/** How long a teacher's invitation link stays valid (the auth service's TEACHER_INVITATION_TTL defaults to it). */
export const TEACHER_INVITATION_DAYS = 7;

/** A reply: up to 1,000 characters of letters (accents included), digits, spaces and plain punctuation. */
export const REPLY_TEXT_MAX = 1000;
export const REPLY_TEXT_PATTERN = /^[\p{L}\p{N} \n,.?!'’:;()«»"-]*$/u;

export const REPLY_STATUSES = ['pending', 'published', 'held', 'rejected'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];

/** The reasons a moderator gives when deciding on an objection (the teacher reads them). */
export const OBJECTION_ACCEPT_REASON_KEYS = ['objection-upheld', 'left-school', 'other'] as const;
export const OBJECTION_REFUSE_REASON_KEYS = ['public-interest', 'identity-not-confirmed', 'insufficient-grounds', 'other'] as const;
export const OBJECTION_DECISION_REASON_KEYS = [...new Set([...OBJECTION_ACCEPT_REASON_KEYS, ...OBJECTION_REFUSE_REASON_KEYS])] as const;

export const OBJECTION_REASONS_MIN = 10;
export const OBJECTION_REASONS_MAX = 2000;

export const OBJECTION_STATES = ['open', 'accepted', 'refused'] as const;
export type ObjectionState = (typeof OBJECTION_STATES)[number];
