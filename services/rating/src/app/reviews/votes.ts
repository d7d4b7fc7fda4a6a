import { relevanceKeyExpression } from './list-keys';
import { type ReviewDoc, type ReviewVoter } from './review';

// A vote changes only the vote: one conditional write of the review whose filter holds the voter's previous vote and whose
// update moves the array entry, the counts and the `relevant` key together, so concurrent voters never retry each other's
// writes. It leaves `fence` alone: the other changes of the review never write the votes (data/review-update.ts), so neither waits.

export type VoteValue = 0 | 1;

export const voteValue = (value: boolean | null): VoteValue | null => (value === null ? null : value ? 1 : 0);

export interface VotePipeline {
  filter: Record<string, unknown>;
  update: object[];
  /** How the counts move. */
  inc: { relUp: number; relTotal: number };
}

/**
 * A vote as one update pipeline: the vote, its counts and the review's `relevant` list key (relevanceKeyExpression: a function
 * of the counts the write leaves), so the key never waits for a second write and a concurrent voter never retries this one. The
 * filter holds the voter's previous vote. A voter's request writes public reviews only; an erasure (`anyState`) removes votes
 * whatever the review's state, and a review out of the public pages holds no list key.
 */
export function votePipeline(
  userId: string,
  before: VoteValue | null,
  after: VoteValue | null,
  { anyState = false }: { anyState?: boolean } = {},
): VotePipeline | null {
  if (before === after) return null;
  const u = { $literal: userId };
  const voters = { $ifNull: ['$voters', []] };
  const inc = { relUp: (after ?? 0) - (before ?? 0), relTotal: (after === null ? 0 : 1) - (before === null ? 0 : 1) };
  const entries =
    before === null
      ? { $concatArrays: [voters, [{ u, v: after }]] }
      : after === null
        ? { $filter: { input: voters, as: 'w', cond: { $ne: ['$$w.u', u] } } }
        : { $map: { input: voters, as: 'w', in: { $cond: [{ $eq: ['$$w.u', u] }, { u, v: after }, '$$w'] } } };
  const moved = {
    voters: entries,
    relUp: { $add: [{ $ifNull: ['$relUp', 0] }, inc.relUp] },
    relTotal: { $add: [{ $ifNull: ['$relTotal', 0] }, inc.relTotal] },
  };
  const filter = before === null ? { 'voters.u': { $ne: userId } } : { voters: { $elemMatch: { u: userId, v: before } } };
  if (!anyState) return { filter, update: [{ $set: moved }, { $set: { 'keys.relevant': relevanceKeyExpression() } }], inc };
  // Out of the public pages: no key, and no empty `keys` left where the path was set (a stage leaves `{}` behind).
  const key = { $cond: [{ $eq: ['$visible', true] }, relevanceKeyExpression(), '$$REMOVE'] };
  const noEmptyKeys = { $cond: [{ $eq: ['$keys', {}] }, '$$REMOVE', '$keys'] };
  return { filter, update: [{ $set: moved }, { $set: { 'keys.relevant': key } }, { $set: { keys: noEmptyKeys } }], inc };
}

/** The projection that reads `userId`'s vote only (never the whole array of voters). */
export const ownVoteProjection = (userId: string) => ({ voters: { $elemMatch: { u: userId } } });

/** `userId`'s vote in a document read with ownVoteProjection (or whole). */
export function voteOf(doc: Pick<ReviewDoc, 'voters'> | null | undefined, userId: string): VoteValue | null {
  const found = (doc?.voters ?? []).find((voter: ReviewVoter) => voter.u === userId);
  return found ? found.v : null;
}

/** The voters of a review stored by an earlier release as JSON text `{userId: 1 | 0}` (the voters migration). */
export function votersFromText(text: unknown): ReviewVoter[] {
  if (typeof text !== 'string') return [];
  try {
    const parsed = JSON.parse(text || '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
    return Object.entries(parsed as Record<string, unknown>)
      .filter(([, v]) => v === 0 || v === 1)
      .map(([u, v]) => ({ u, v: v as VoteValue }));
  } catch {
    return [];
  }
}
