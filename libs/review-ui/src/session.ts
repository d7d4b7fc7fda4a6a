import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '@pupitre/session';

/** Signed in = an e-mail is held (spec, section 4). */
export function useSignedIn(): boolean {
  return Boolean(useSession().email);
}

/** Sends a signed-out visitor to the sign-in page (`/auth`, or `/auth?form=login`). */
export function useGoToAuth(target = '/auth'): () => void {
  const navigate = useNavigate();
  return useCallback(() => navigate(target), [navigate, target]);
}
