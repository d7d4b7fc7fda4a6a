// The moderation console's calls and the reason lists it shows (from @pupitre/contracts).
import { api } from '@pupitre/api-client';
import {
  MODERATOR_REASON_KEYS,
  OBJECTION_ACCEPT_REASON_KEYS,
  OBJECTION_REFUSE_REASON_KEYS,
  type Language,
  type ModerationActionView,
  type ModerationQueueItem,
  type ModeratorReasonKey,
  type ObjectionView,
} from '@pupitre/contracts';
import { getSession } from '@pupitre/session';

export type { ModerationActionView, ModerationQueueItem, ObjectionView };

/** The reasons of a decision on a teacher's objection: the contract's lists. */
export const ACCEPT_REASONS = OBJECTION_ACCEPT_REASON_KEYS;
export const REFUSE_REASONS = OBJECTION_REFUSE_REASON_KEYS;
export const OBJECTIONS_PATH = '/api/moderation/objections';

/** The reasons a moderator removes a review for: the contract's list, never a copy. */
export const REJECT_REASONS = MODERATOR_REASON_KEYS;
export type RejectReason = ModeratorReasonKey;
/** Why the automatic checks held or removed a review, and the other reasons the console may show. */
export const KNOWN_REASONS = [
  ...REJECT_REASONS,
  'text-rating-forbidden-characters',
  'moderator',
  'withdrawn',
  'reported',
  'no-breach',
  'teacher-delisted',
  'identifying-details',
] as const;

export const QUEUE_PATH = '/api/moderation/queue';
export const RECENT_PATH = '/api/moderation/actions';
export const historyPath = (id: number) => `/api/moderation/reviews/${id}/actions`;

export type ActionAnswer = 'done' | 'stale' | 'invalid' | 'failed';

/** 409 (decided meanwhile by someone else) and 404 are this screen's to explain: no popup. */
async function post(path: string, body: object): Promise<ActionAnswer> {
  const outcome = await api.post<unknown>(path, body, { react: false });
  if (outcome.kind === 'ok') return 'done';
  if (outcome.kind === 'conflict' || outcome.kind === 'not-found') return 'stale';
  if (outcome.kind === 'bad-request') return 'invalid';
  return 'failed';
}

export const moderationApi = {
  approve: (id: number, text?: string) => post(`/api/moderation/reviews/${id}/approve`, text ? { text } : {}),
  reject: (id: number, reason: RejectReason, text?: string) =>
    post(`/api/moderation/reviews/${id}/reject`, text ? { reason, text } : { reason }),
  restore: (id: number) => post(`/api/moderation/reviews/${id}/restore`, {}),
  approveReply: (id: number) => post(`/api/moderation/reviews/${id}/reply/approve`, {}),
  rejectReply: (id: number, reason: RejectReason, text?: string) =>
    post(`/api/moderation/reviews/${id}/reply/reject`, text ? { reason, text } : { reason }),
  decideObjection: (teacherId: number, action: 'accept' | 'refuse', reason: string, text?: string) =>
    post(`/api/moderation/objections/${teacherId}/${action}`, text ? { reason, text } : { reason }),
  invite: async (teacherId: number, email: string, lang: Language): Promise<ActionAnswer> => {
    const outcome = await api.post<unknown>(`/api/moderation/teachers/${teacherId}/invite`, { email, lang }, { react: false });
    if (outcome.kind === 'ok') return 'done';
    if (outcome.kind === 'not-found') return 'stale';
    if (outcome.kind === 'bad-request') return 'invalid';
    return 'failed';
  },
};

/** A string-array claim of the signed-in account's access token (the server decides; this only chooses what to show). */
function claimList(access: string | null, claim: 'roles' | 'amr'): string[] {
  const payload = access?.split('.')[1];
  if (!payload) return [];
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const values = (JSON.parse(json) as Record<string, unknown>)[claim];
    return Array.isArray(values) ? values.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** The roles of the signed-in account, read from its access token. */
export const sessionRoles = (access: string | null = getSession().access): string[] => claimList(access, 'roles');

/** Whether the session was opened with the second factor (`amr`), which staff endpoints require (ADR 0013). */
export const sessionHasSecondFactor = (access: string | null = getSession().access): boolean => claimList(access, 'amr').includes('otp');

export const canModerate = (roles: string[]): boolean => roles.includes('moderator') || roles.includes('admin');
