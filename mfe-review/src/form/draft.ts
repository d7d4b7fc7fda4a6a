// The review a visitor is writing, kept on the device while it is written: signing in (which
// leaves the page), a session that ends, or a reload never lose it. Dropped once published, or
// after a week untouched.
import type { ReviewFormValues } from './model';

// Under the user-trace prefix (@pupitre/session USER_TRACE_PREFIX): signing out drops it with every other trace.
const KEY = 'pupitre:review-draft';
export const DRAFT_TTL_MS = 7 * 24 * 3600 * 1000;

export function saveDraft(values: ReviewFormValues, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ at: now, values }));
  } catch {
    // storage full or disabled: the form still works, it is just not kept
  }
}

export function loadDraft(now = Date.now()): ReviewFormValues | null {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { at?: number; values?: ReviewFormValues } | null;
    if (!stored?.values || typeof stored.at !== 'number' || now - stored.at > DRAFT_TTL_MS) return null;
    return stored.values;
  } catch {
    return null;
  }
}

export function dropDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
