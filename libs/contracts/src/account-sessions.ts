import { z } from 'zod';

// The signed-in user's own sessions, as /settings lists them (issue #38): a coarse description of
// the device each one began on, never the raw User-Agent, an address or a place.

/** Device families a User-Agent is reduced to. */
export const DEVICE_KINDS = ['phone', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** What is kept of a User-Agent: its device family, browser family and OS family (`Other` when not recognised). */
export const deviceDescriptionSchema = z.strictObject({
  kind: z.enum(DEVICE_KINDS),
  browser: z.string().max(32),
  os: z.string().max(32),
});
export type DeviceDescription = z.infer<typeof deviceDescriptionSchema>;

/** One live session of the caller: `id` opaque, sign-in month `YYYY-MM`, last use `YYYY-MM-DD` (UTC). */
export const accountSessionSchema = z.strictObject({
  id: z.string(),
  device: deviceDescriptionSchema,
  signedInMonth: z.string().regex(/^\d{4}-\d{2}$/),
  lastUsedDay: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

/** At most this many sessions are listed (the most recently used first). */
export const ACCOUNT_SESSIONS_LIMIT = 50;
export const accountSessionListSchema = z.array(accountSessionSchema).max(ACCOUNT_SESSIONS_LIMIT);

/** GET: the list; DELETE `/auth/sessions/:id`: end one; POST `/auth/sessions/end-others`: end all but the caller's. */
export const ACCOUNT_SESSIONS_PATH = '/auth/sessions';
export const accountSessionPath = (id: string): string => `${ACCOUNT_SESSIONS_PATH}/${encodeURIComponent(id)}`;
export const END_OTHER_SESSIONS_PATH = `${ACCOUNT_SESSIONS_PATH}/end-others`;
/** POST end-others: how many sessions ended. */
export const endOtherSessionsResponseSchema = z.strictObject({ ended: z.number().int().min(0) });
/** 404 of DELETE: no such session among the caller's (someone else's is answered the same). */
export const SESSION_NOT_FOUND = { error: 'not-found' } as const;
/** 400 of end-others with an access token that names no session (issued before sessions had ids). */
export const SESSION_UNKNOWN = { error: 'session-unknown', detail: 'This sign-in names no session; sign in again.' } as const;
