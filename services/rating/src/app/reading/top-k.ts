/**
 * The first `k` items of `items` in `order` (stable for equal items in input order), in one pass:
 * O(n · log k) instead of sorting everything, for the lists drawn from every public review.
 */
export function topK<T>(items: Iterable<T>, k: number, order: (a: T, b: T) => number, keep: (item: T) => boolean = () => true): T[] {
  const best: T[] = [];
  if (k <= 0) return best;
  for (const item of items) {
    if (!keep(item)) continue;
    if (best.length === k && order(item, best[k - 1]) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order(item, best[mid]) < 0) hi = mid;
      else lo = mid + 1;
    }
    best.splice(lo, 0, item);
    if (best.length > k) best.pop();
  }
  return best;
}
