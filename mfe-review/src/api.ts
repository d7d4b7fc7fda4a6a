// The review screens' calls (types only from @pupitre/contracts). Form calls show their own errors
// inline; the request helper still reacts to 401 (session over → /auth) and 409 (collision popup).
import { api } from '@pupitre/api-client';
import type { ReviewEditView, ReviewPayload, TeacherDetail } from '@pupitre/contracts';
import { serviceErrorKey, type FormTeacher, type ReviewFormError } from './form/model';

export type WriteAnswer = { ok: true; id: number } | { ok: false; error: ReviewFormError };

async function write(method: 'post' | 'put', path: string, payload: ReviewPayload): Promise<WriteAnswer> {
  const outcome = await api[method]<{ message: string; id: number }>(path, payload);
  if (outcome.kind === 'ok' && outcome.data && typeof outcome.data.id === 'number') return { ok: true, id: outcome.data.id };
  if (outcome.kind === 'bad-request' || outcome.kind === 'conflict') return { ok: false, error: serviceErrorKey(outcome.body) };
  return { ok: false, error: 'fatal' };
}

export const reviewApi = {
  create: (payload: ReviewPayload) => write('post', '/api/rating/0', payload),
  edit: (id: number, payload: ReviewPayload) => write('put', `/api/rating/${id}`, payload),
  editView: (id: number) => api.get<ReviewEditView>(`/api/rating/${id}`),
  teacher: (id: number) => api.get<TeacherDetail>(`/api/teacher/${id}`, { auth: false }),
};

/** The form's teacher from GET /api/teacher/{id}. */
export function formTeacher(detail: TeacherDetail): FormTeacher {
  return { id: detail.id, prefix: detail.prefix, name: detail.name, subjects: detail.subjects.map((s) => ({ id: s.id, name: s.name })) };
}

/** Positive integer ids only: anything else is never sent. */
export const isId = (value: string | null | undefined): value is string => typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value);
