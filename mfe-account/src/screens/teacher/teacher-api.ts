// The linked teacher's calls (teacher-voice in @pupitre/contracts; type-only imports).
import { api } from '@pupitre/api-client';
import type { ObjectionView, TeacherSpace } from '@pupitre/contracts';

export const TEACHER_SPACE_PATH = '/api/teacher-space';

export const teacherApi = {
  acceptInvitation: (token: string) => api.post<{ teacher_id: number }>('/auth/teacher-invitations/accept', { token }, { react: false }),
  object: (reasons: string) => api.post<ObjectionView>('/api/teacher-space/objection', { reasons }, { react: false }),
};
export type { ObjectionView, TeacherSpace };
