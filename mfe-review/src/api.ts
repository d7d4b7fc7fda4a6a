// The review screens' calls (types only from @pupitre/contracts). Form calls show their own errors
// inline, with no page reaction (no collision popup beside the form's own message); a session that
// ended is 'signed-out', which the page turns into a trip to the sign-in page, the draft kept.
import { api } from '@pupitre/api-client';
import type { ReviewEditView, ReviewPayload, TeacherDetail } from '@pupitre/contracts';
import { serviceErrorKey, type FormTeacher, type ReviewFormError } from './form/model';

export type WriteAnswer = { ok: true; id: number } | { ok: false; error: ReviewFormError | 'signed-out' };

async function write(method: 'post' | 'put', path: string, payload: ReviewPayload, headers?: Record<string, string>): Promise<WriteAnswer> {
  const outcome = await api[method]<{ message: string; id: number }>(path, payload, { headers, react: false });
  if (outcome.kind === 'ok' && outcome.data && typeof outcome.data.id === 'number') return { ok: true, id: outcome.data.id };
  if (outcome.kind === 'bad-request' || outcome.kind === 'conflict') return { ok: false, error: serviceErrorKey(outcome.body) };
  if (outcome.kind === 'unauthorized') return { ok: false, error: 'signed-out' };
  return { ok: false, error: 'fatal' };
}

/** The sign-in page, coming back to `path` once signed in. */
export const signInThenBackTo = (path: string) => `/auth?form=login&next=${encodeURIComponent(path)}`;

export const reviewApi = {
  /** `attempt` names this form's submission: the same payload sent again (after a lost answer) gets the original answer. */
  create: (payload: ReviewPayload, attempt: string) =>
    write('post', '/api/rating/0', payload, { 'Idempotency-Key': idempotencyKey(attempt, payload) }),
  edit: (id: number, payload: ReviewPayload) => write('put', `/api/rating/${id}`, payload),
  editView: (id: number) => api.get<ReviewEditView>(`/api/rating/${id}`),
  /** The author's view, only to say when it will be public: a failure (signed out, not theirs) changes nothing on the page. */
  publicAt: async (id: number): Promise<string | null> => {
    const outcome = await api.get<ReviewEditView>(`/api/rating/${id}`, { react: false });
    return outcome.kind === 'ok' ? (outcome.data?.public_at ?? null) : null;
  },
  teacher: (id: number) => api.get<TeacherDetail>(`/api/teacher/${id}`, { auth: false }),
};

/** A key per form and payload (FNV-1a of the JSON): a retry of the same review reuses it, a changed review does not. */
export function idempotencyKey(attempt: string, payload: ReviewPayload): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(payload)) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `${attempt}-${hash.toString(16).padStart(8, '0')}`;
}

/** A random name for one form's submissions (8+ characters of [A-Za-z0-9-]). */
export const newAttempt = (): string =>
  typeof crypto?.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** The form's teacher from GET /api/teacher/{id}. */
export function formTeacher(detail: TeacherDetail): FormTeacher {
  return { id: detail.id, prefix: detail.prefix, name: detail.name, subjects: detail.subjects.map((s) => ({ id: s.id, name: s.name })) };
}

/** Positive integer ids only: anything else is never sent. */
export const isId = (value: string | null | undefined): value is string => typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value);
