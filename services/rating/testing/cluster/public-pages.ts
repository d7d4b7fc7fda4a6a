// What the API shows (contract shapes only) compared with what the documents say (ground-truth.ts):
// teacher pages, the ranking, the community and teacher review lists with their relatable counts,
// each signed-in user's state on them and their favourites. Returns every difference found.
import {
  type CommunityCategoryBlock,
  type PublicReview,
  type RankingEntry,
  type ReviewUserState,
  type TeacherDetail,
} from '@pupitre/contracts';
import { roundToOneDecimal } from '../../src/app/teachers/ranking/bayesian-ranking';
import { type GroundTruth, type ShownReview, shownReviewsOf, teacherAggregatesOf, voteCountsOf } from '../ground-truth';
import { call } from './http';

export interface PageScope {
  /** Teachers whose review lists are compared (every teacher's page and the ranking always are). */
  teachers: number[];
  /** Signed-in users whose state on the lists and whose favourites are compared. */
  users: { id: string; bearer: () => Promise<Record<string, string>> }[];
  /** RANKING_MIN_REVIEWS of the APIs. */
  minReviews?: number;
}

const LIMIT = 50;
const mean = (count: number, sum: number) => (count ? roundToOneDecimal(sum / count) : null);
const percent = (up: number, total: number) => (total ? Math.round((100 * up) / total) : 0);

async function get<T>(api: string, path: string, headers: Record<string, string> = {}): Promise<T> {
  const answer = await call(api, 'GET', path, { headers });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status} ${answer.error ?? JSON.stringify(answer.json)}`);
  return answer.json as T;
}

/** `name (API :port)`: which process answered, since each API has caches of its own. */
const via = (name: string, api: string) => `${name} (API ${api.replace(/.*:/, ':')})`;

/** The public reviews a `recent` list of `limit` must hold: all of them, or those newer than the limit-th newest (ties at the edge left out). */
function newest(shown: ShownReview[], limit = LIMIT): number[] {
  const sorted = [...shown].sort((a, b) => b.recentRank - a.recentRank);
  if (sorted.length <= limit) return sorted.map((r) => r.id);
  const edge = sorted[limit - 1].recentRank;
  return sorted.filter((r) => r.recentRank > edge).map((r) => r.id);
}

const blocksOf = (list: unknown[]) => ({ blocks: list.slice(0, -1) as CommunityCategoryBlock[], state: list.at(-1) as ReviewUserState });

/** Differences between a review list (community or a teacher's) and the documents. */
function listProblems(name: string, blocks: CommunityCategoryBlock[], truth: GroundTruth, mustList: number[]): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    const seen = new Set<number>();
    for (const r of block.reviews as PublicReview[]) {
      if (seen.has(r.id)) out.push(`${name} ${block.title} lists review ${r.id} twice`);
      seen.add(r.id);
      const shown = truth.shown.get(r.id);
      if (!shown) {
        out.push(`${name} ${block.title} lists review ${r.id}, which the documents say is not public`);
        continue;
      }
      const votes = voteCountsOf(truth, r.id);
      if (r.tot_rating !== shown.tot_rating)
        out.push(`${name} shows review ${r.id} with tot_rating ${r.tot_rating}, the documents ${shown.tot_rating}`);
      if (r.relatable_count !== votes.total || r.relatable !== percent(votes.up, votes.total)) {
        out.push(
          `${name} shows review ${r.id} with ${r.relatable_count} votes (${r.relatable}%), the documents ${votes.total} (${percent(votes.up, votes.total)}%)`,
        );
      }
    }
  }
  const recent = new Set((blocks.find((b) => b.title === 'recent')?.reviews ?? []).map((r) => r.id));
  for (const id of mustList) if (!recent.has(id)) out.push(`${name} recent does not list review ${id}, public according to the documents`);
  return out;
}

function stateProblems(name: string, userId: string, state: ReviewUserState, truth: GroundTruth): string[] {
  const out: string[] = [];
  for (const [id, [vote, favourite]] of Object.entries(state)) {
    const expectedVote = truth.votes.find((v) => v.reviewId === Number(id) && v.userId === userId)?.value ?? null;
    const expectedFavourite = truth.favourites.some((f) => f.reviewId === Number(id) && f.userId === userId);
    if (vote !== expectedVote || favourite !== expectedFavourite)
      out.push(`${name} as ${userId}: review ${id} shows [${vote}, ${favourite}], the documents [${expectedVote}, ${expectedFavourite}]`);
  }
  return out;
}

/** Every difference between the public pages (as `api()` answers them) and the documents. */
export async function publicPageProblems(api: () => string, truth: GroundTruth, scope: PageScope): Promise<string[]> {
  const out: string[] = [];
  for (const t of truth.teachers) {
    const base = api();
    const page = await get<TeacherDetail>(base, `/api/teacher/${t.id}`);
    const agg = teacherAggregatesOf(truth, t.id);
    if (page.reviews !== agg.count || page.rating !== mean(agg.count, agg.sum)) {
      out.push(
        `${via(`teacher ${t.id} page`, base)} shows ${page.reviews} reviews rated ${page.rating}, the documents ${agg.count} rated ${mean(agg.count, agg.sum)}`,
      );
    }
  }
  const rankingApi = api();
  const ranking = await get<RankingEntry[]>(rankingApi, '/api/teachers/ranking');
  const ranked = truth.teachers.filter((t) => !t.archived && teacherAggregatesOf(truth, t.id).count >= (scope.minReviews ?? 3));
  const shownIds = ranking
    .map((e) => e.id)
    .sort((a, b) => a - b)
    .join(',');
  const expectedIds = ranked
    .map((t) => t.id)
    .sort((a, b) => a - b)
    .join(',');
  if (shownIds !== expectedIds) out.push(`${via('ranking', rankingApi)} lists teachers ${shownIds}, the documents give ${expectedIds}`);
  for (const e of ranking) {
    const agg = teacherAggregatesOf(truth, e.id);
    if (agg.count && e.rating !== mean(agg.count, agg.sum))
      out.push(`${via('ranking', rankingApi)} rates teacher ${e.id} ${e.rating}, the documents ${mean(agg.count, agg.sum)}`);
  }
  const list = async (name: string, path: string, headers?: Record<string, string>) => {
    const base = api();
    return { name: via(name, base), ...blocksOf(await get<unknown[]>(base, path, headers)) };
  };
  const community = await list('community', `/api/rating/community?limit=${LIMIT}`);
  out.push(...listProblems(community.name, community.blocks, truth, newest([...truth.shown.values()])));
  for (const teacher of scope.teachers) {
    const reviews = await list(`teacher ${teacher} reviews`, `/api/teacher/${teacher}/reviews?limit=${LIMIT}`);
    out.push(...listProblems(reviews.name, reviews.blocks, truth, newest(shownReviewsOf(truth, teacher))));
  }
  for (const user of scope.users) {
    const headers = await user.bearer();
    const signedIn = await list('community', `/api/rating/community?limit=${LIMIT}`, headers);
    out.push(...stateProblems(signedIn.name, user.id, signedIn.state, truth));
    for (const teacher of scope.teachers) {
      const reviews = await list(`teacher ${teacher} reviews`, `/api/teacher/${teacher}/reviews?limit=${LIMIT}`, headers);
      out.push(...stateProblems(reviews.name, user.id, reviews.state, truth));
    }
    const base = api();
    const favourites = (await get<PublicReview[]>(base, '/auth/me/favorites', headers)).map((r) => r.id).sort((a, b) => a - b);
    const expected = truth.favourites
      .filter((f) => f.userId === user.id && truth.shown.has(f.reviewId))
      .map((f) => f.reviewId)
      .sort((a, b) => a - b);
    if (favourites.join(',') !== expected.join(','))
      out.push(`${via(`favourites of ${user.id}`, base)} are [${favourites}], the documents [${expected}]`);
  }
  return out;
}
