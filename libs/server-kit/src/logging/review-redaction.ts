// No log line above debug pairs a review id with the exact time it carries (docs/threat-model.md): a
// worker's "job done review-123-v1" or a 503's "/api/rating/123" at 10:31:07 told whoever reads the
// logs when a review was written or published, and by whom in the same request's lines. Review ids
// go from every line at info level and above, whatever the code logs; debug lines keep them (a
// developer's own machine, never production's level).

/** Paths and job ids that carry a review id: `/api/rating/123`, `/api/relatable/123`, `/reviews/123`, `/review/123/edit`, `review-123-v2`. */
const IN_TEXT: [RegExp, string][] = [
  [/\/(api\/rating|api\/relatable|reviews|review|rating)\/[1-9][0-9]*/g, '/$1/:id'],
  [/\breview-[0-9]+(-v[0-9]+)?/g, 'review-:id'],
  [/\brelease-[0-9]+\b/g, 'release-:at'],
  [/\breview:[0-9]+\b/g, 'review::id'],
];
/** Fields that hold a review id. */
const ID_FIELD = /^(reviewId|review_id|ref)$/;

function redactText(text: string): string {
  return IN_TEXT.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

/** `entry` without review ids: its strings rewritten, its review-id fields dropped (nested objects and arrays too). */
export function withoutReviewIds(entry: unknown): unknown {
  if (typeof entry === 'string') return redactText(entry);
  if (Array.isArray(entry)) return entry.map(withoutReviewIds);
  if (entry && typeof entry === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(entry)) if (!ID_FIELD.test(key)) out[key] = withoutReviewIds(value);
    return out;
  }
  return entry;
}
