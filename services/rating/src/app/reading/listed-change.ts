import { type CommunityCategory } from '@pupitre/contracts';
import { type ReviewDoc } from '../reviews/review';
import { LISTED_FIELDS } from './top-lists';

/** What the community's lists hold, as one process last read them: the ids shown, and per category the smallest key read
 * (null: the list holds every review it can, so any review may enter it). */
export interface HeldLists {
  ids: ReadonlySet<number>;
  cutoffs: Partial<Record<CommunityCategory, number | null>>;
}

const LISTED = Object.keys(LISTED_FIELDS).filter((f) => f !== '_id');

/** What a list shows of a review (null: in no list): the listed fields (top-lists.ts), dotted paths read. */
function shown(doc: ReviewDoc | null): string | null {
  if (!doc?.visible || !doc.keys) return null;
  const picked = LISTED.map((path) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], doc));
  return JSON.stringify(picked);
}

/** Whether a change of a review changes anything a public list can show of it (a report, a hidden field: no). */
export const listsMayChange = (before: ReviewDoc | null, after: ReviewDoc | null): boolean => shown(before) !== shown(after);

// Whether the change can change the community's lists as `held` has them: the review is shown there, or its key (before or
// after) reaches a category's smallest key read. Lists read with a margin below what they show (public-lists.ts) keep this
// right while fewer reviews than the margin left them since they were read; unknown lists (never read): it can.
export function touchesLists(before: ReviewDoc | null, after: ReviewDoc | null, held: HeldLists | undefined): boolean {
  if (!listsMayChange(before, after)) return false;
  if (!held) return true;
  for (const doc of [before, after]) {
    if (!doc?.visible) continue;
    if (held.ids.has(doc.id)) return true;
    for (const [category, cutoff] of Object.entries(held.cutoffs) as [CommunityCategory, number | null][]) {
      const key = doc.keys?.[category];
      if (key !== undefined && (cutoff === null || key >= cutoff)) return true;
    }
  }
  return false;
}
