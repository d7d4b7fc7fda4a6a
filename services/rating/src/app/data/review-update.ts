import { type ReviewDoc } from '../reviews/review';

// What a compare-and-set change of a review writes (review-store.ts): every field it decided, never the votes. Votes are
// targeted writes of their own (review-votes.ts) that do not move `fence`, so a change decided meanwhile still lands, and must
// not write back the votes (and their counts) it read. The `relevant` list key follows the counts: a vote sets it.

/** Written by votes only. */
const VOTE_FIELDS: ReadonlySet<string> = new Set(['_id', 'voters', 'relUp', 'relTotal', 'keys']);

export interface ReviewUpdate {
  /** Added to the write's filter: the counts the `relevant` key was derived from, when the change writes that key. */
  guard: Partial<Pick<ReviewDoc, 'relUp' | 'relTotal'>>;
  update: { $set: Record<string, unknown>; $unset?: Record<string, ''> };
}

/**
 * The update that takes the stored review from `before` to `after` (both with their derived fields, list-keys.ts): `$set` of
 * its fields, `$unset` of those it dropped. Its list keys: dropped with its visibility; while it stays public, each but
 * `relevant` (the votes' own); when it becomes public, all of them, guarded by the counts they were derived from (no vote
 * lands on a review that is not public, so the guard holds but for an erasure's).
 */
export function reviewUpdate(before: ReviewDoc, after: ReviewDoc): ReviewUpdate {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, ''> = {};
  for (const [field, value] of Object.entries(after)) if (!VOTE_FIELDS.has(field)) $set[field] = value;
  for (const field of Object.keys(before)) if (!VOTE_FIELDS.has(field) && !(field in after)) $unset[field] = '';
  let guard: ReviewUpdate['guard'] = {};
  if (!after.keys) {
    if (before.keys) $unset.keys = '';
  } else if (before.keys && before.visible) {
    for (const [list, key] of Object.entries(after.keys)) if (list !== 'relevant') $set[`keys.${list}`] = key;
  } else {
    $set.keys = after.keys;
    guard = { relUp: before.relUp, relTotal: before.relTotal };
  }
  return { guard, update: Object.keys($unset).length ? { $set, $unset } : { $set } };
}
