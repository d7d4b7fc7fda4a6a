// What could be doubled in the rating documents, checked on the fields that would carry the double (never on `_id`, which the
// database keeps unique whatever happens): a review id in two documents, one author's class (author, teacher, subject, year)
// held by two reviews or claimed twice, a review counted twice (or not at all) in its teacher's figures, an id twice in a
// user's lists. Empty: nothing doubled.
import { type Db } from 'mongodb';
import { classKey } from '../../src/app/data/class-claims';
import { contribution } from '../../src/app/reading/teacher-stats';
import { type ReviewDoc } from '../../src/app/reviews/review';

type Doc = Record<string, unknown>;

/** Every value of `key` that more than one of `items` has, with how many. */
function repeated<T>(items: T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1);
}

/** A figures document as flat `$inc` paths (`dist.8`, `grades.clarte.sum`…): `rev`, `crev`, `changedAt` (versions and a stamp) and the frozen `breakdown` left out. */
function flatFigures(doc: Doc | undefined): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (node: Doc, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (!prefix && ['_id', 'rev', 'crev', 'changedAt', 'breakdown'].includes(key)) continue;
      if (typeof value === 'number') out.set(prefix + key, value);
      else if (value && typeof value === 'object' && !(value instanceof Date)) walk(value as Doc, `${prefix}${key}.`);
    }
  };
  if (doc) walk(doc, '');
  return out;
}

/** Differences between the teachers' figures documents and the sum, per teacher, of what each public review adds (counted once). */
export function figuresProblems(reviews: ReviewDoc[], figures: Doc[]): string[] {
  const expected = new Map<number, Map<string, number>>();
  for (const review of reviews) {
    const part = contribution(review);
    if (!part) continue;
    const sums = expected.get(part.teacherId) ?? new Map<string, number>();
    for (const [path, value] of Object.entries(part.inc)) sums.set(path, (sums.get(path) ?? 0) + value);
    expected.set(part.teacherId, sums);
  }
  const stored = new Map(figures.map((f) => [f._id as number, flatFigures(f)]));
  const out: string[] = [];
  for (const teacherId of new Set([...expected.keys(), ...stored.keys()])) {
    const [want, have] = [expected.get(teacherId) ?? new Map<string, number>(), stored.get(teacherId) ?? new Map<string, number>()];
    const wrong = [...new Set([...want.keys(), ...have.keys()])]
      .filter((path) => (want.get(path) ?? 0) !== (have.get(path) ?? 0))
      .map((path) => `${path} ${have.get(path) ?? 0} (reviews: ${want.get(path) ?? 0})`);
    if (wrong.length) out.push(`teacher ${teacherId}'s figures differ from his public reviews counted once: ${wrong.join(', ')}`);
  }
  return out;
}

/** Everything doubled in the documents (see the top of this file). */
export async function doubledInDocuments(db: Db): Promise<string[]> {
  const [reviews, claims, figures, indexes] = await Promise.all([
    db.collection<ReviewDoc>('reviews').find({}).toArray() as Promise<ReviewDoc[]>,
    db.collection<Doc>('review_claims').find({}).toArray(),
    db.collection<Doc>('teacher_stats').find({}).toArray(),
    db.collection<Doc>('user_index').find({}).toArray(),
  ]);
  const out: string[] = [];
  for (const [id, n] of repeated(reviews, (r) => String(r.id))) out.push(`review ${id} is in ${n} documents`);
  for (const [key, n] of repeated(reviews, (r) => classKey(r))) out.push(`${n} reviews of one author and class ${key}`);
  // Each review holds the claim of its class, once; no claim is left without its review.
  for (const [reviewId, n] of repeated(claims, (c) => String(c.reviewId))) out.push(`review ${reviewId} holds ${n} class claims`);
  const claimOf = new Map(claims.map((c) => [c.reviewId as number, String(c._id)]));
  const ids = new Set(reviews.map((r) => r.id));
  for (const r of reviews) if (claimOf.get(r.id) !== classKey(r)) out.push(`review ${r.id}'s class is claimed as ${claimOf.get(r.id)}`);
  for (const c of claims) if (!ids.has(c.reviewId as number)) out.push(`claim ${String(c._id)} names review ${c.reviewId}, which is gone`);
  out.push(...figuresProblems(reviews, figures));
  for (const index of indexes) {
    for (const list of ['reviews', 'favorites', 'reported']) {
      for (const [id, n] of repeated((index[list] as number[] | undefined) ?? [], String))
        out.push(`user ${String(index._id)} lists review ${id} ${n} times in ${list}`);
    }
  }
  return out;
}
