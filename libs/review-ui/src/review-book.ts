// The live state of the reviews a screen shows: the caller's vote and favourite, the relatable
// figures, and whether a request is running for them. One book per screen, so a review shown in
// several categories (recent and highest, say) stays the same everywhere.
//
// The state machines (product spec, section 4):
//   vote      none/true/false; clicking the current value removes it (DELETE /api/relatable/{id}),
//             clicking the other value sets it (POST {value}); both controls blocked meanwhile.
//   favourite sends the opposite of the current value (POST /api/rating/{id}/favorite {value});
//             disabled during the request.
//   signed out: any of them sends the visitor to /auth.
import { useCallback, useMemo, useState } from 'react';
import type { CommunityCategoryBlock, PublicReview, ReviewUserState, VoteResponse } from '@pupitre/contracts';
import { api } from '@pupitre/api-client';

export interface ReviewLive {
  vote: boolean | null;
  favourite: boolean;
  relatable: number;
  relatable_count: number;
  voteBusy: boolean;
  favouriteBusy: boolean;
}

export type VoteRequest = { method: 'DELETE' } | { method: 'POST'; value: boolean };

/** What clicking `clicked` (true = relatable, false = not) sends when the current vote is `current`. */
export function nextVote(current: boolean | null, clicked: boolean): VoteRequest {
  return current === clicked ? { method: 'DELETE' } : { method: 'POST', value: clicked };
}

/** The value the favourite button sends: the opposite of the current one. */
export function nextFavourite(current: boolean): boolean {
  return !current;
}

/** Splits a community-shaped answer into its categories and the caller's state map. */
export function splitCommunity(body: unknown): { categories: CommunityCategoryBlock[]; state: ReviewUserState } {
  if (!Array.isArray(body)) return { categories: [], state: {} };
  const categories = body.filter(
    (item): item is CommunityCategoryBlock =>
      !!item && typeof item === 'object' && 'title' in item && Array.isArray((item as CommunityCategoryBlock).reviews),
  );
  const last = body.at(-1) as unknown;
  const state = last && typeof last === 'object' && !Array.isArray(last) && !('title' in last) ? (last as ReviewUserState) : {};
  return { categories, state };
}

function initialLive(review: PublicReview, state: ReviewUserState): ReviewLive {
  const [vote, favourite] = state[String(review.id)] ?? [null, false];
  return {
    vote: vote ?? null,
    favourite: Boolean(favourite),
    relatable: review.relatable,
    relatable_count: review.relatable_count,
    voteBusy: false,
    favouriteBusy: false,
  };
}

export interface ReviewBook {
  live: (review: PublicReview) => ReviewLive;
  vote: (review: PublicReview, clicked: boolean) => Promise<void>;
  toggleFavourite: (review: PublicReview) => Promise<void>;
}

/**
 * Keeps the live state of `reviews` (with the caller's `state` map as the starting point) and runs
 * the vote and favourite requests through the one request helper. `signedIn` false → `goToAuth()`.
 */
export function useReviewBook(state: ReviewUserState, signedIn: boolean, goToAuth: () => void): ReviewBook {
  const [changes, setChanges] = useState<Record<number, Partial<ReviewLive>>>({});
  const patch = useCallback(
    (id: number, change: Partial<ReviewLive>) => setChanges((all) => ({ ...all, [id]: { ...all[id], ...change } })),
    [],
  );

  const live = useCallback(
    (review: PublicReview): ReviewLive => ({ ...initialLive(review, state), ...changes[review.id] }),
    [changes, state],
  );

  const vote = useCallback(
    async (review: PublicReview, clicked: boolean) => {
      if (!signedIn) return goToAuth();
      const current = live(review);
      if (current.voteBusy) return;
      patch(review.id, { voteBusy: true });
      const next = nextVote(current.vote, clicked);
      const outcome =
        next.method === 'DELETE'
          ? await api.delete<VoteResponse>(`/api/relatable/${review.id}`)
          : await api.post<VoteResponse>(`/api/relatable/${review.id}`, { value: next.value });
      if (outcome.kind === 'ok' && outcome.data) {
        patch(review.id, {
          voteBusy: false,
          vote: outcome.data.vote,
          relatable: outcome.data.relatable,
          relatable_count: outcome.data.relatable_count,
        });
      } else patch(review.id, { voteBusy: false });
    },
    [goToAuth, live, patch, signedIn],
  );

  const toggleFavourite = useCallback(
    async (review: PublicReview) => {
      if (!signedIn) return goToAuth();
      const current = live(review);
      if (current.favouriteBusy) return;
      patch(review.id, { favouriteBusy: true });
      const value = nextFavourite(current.favourite);
      const outcome = await api.post<{ value: boolean }>(`/api/rating/${review.id}/favorite`, { value });
      if (outcome.kind === 'ok')
        patch(review.id, { favouriteBusy: false, favourite: typeof outcome.data?.value === 'boolean' ? outcome.data.value : value });
      else if (outcome.kind === 'no-content') patch(review.id, { favouriteBusy: false, favourite: value });
      else patch(review.id, { favouriteBusy: false });
    },
    [goToAuth, live, patch, signedIn],
  );

  return useMemo(() => ({ live, vote, toggleFavourite }), [live, vote, toggleFavourite]);
}
