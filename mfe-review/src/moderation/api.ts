// The moderation console's calls and the reason lists it shows (from @pupitre/contracts).
import { api } from '@pupitre/api-client';
import {
  canModerate,
  MODERATOR_REASON_KEYS,
  OBJECTION_ACCEPT_REASON_KEYS,
  OBJECTION_REFUSE_REASON_KEYS,
  type Language,
  type ModerationActionView,
  type ModerationQueueItem,
  type ModeratorReasonKey,
  type ObjectionView,
  tokenClaimList,
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

/** The roles of the signed-in account, read from its access token. */
export const sessionRoles = (access: string | null = getSession().access): string[] => tokenClaimList(access, 'roles');

/** Whether the session was opened with the second factor (`amr`), which staff endpoints require (ADR 0013). */
export const sessionHasSecondFactor = (access: string | null = getSession().access): boolean =>
  tokenClaimList(access, 'amr').includes('otp');

/** Who may use the console: the services' one staff rule. */
export { canModerate };
