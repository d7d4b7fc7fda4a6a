import { buildList, LIST_CAP, type ListEntry, listAt, MAX_LIMIT, placeEntry, revealDue } from './review-lists';
import { wilsonLowerBound } from './review-view';

const entry = (id: number, over: Partial<ListEntry> = {}): ListEntry => ({
  id,
  teacherId: 1 + (id % 3),
  subjectId: 1,
  year: 2,
  tot: id % 11,
  text: `r${id}`,
  relUp: Math.min(id % 4, id % 5),
  relTotal: id % 5,
  createdAt: new Date(1_700_000_000_000 + ((id * 7919) % 1000) * 60_000),
  ...over,
});

const ids = (list: ListEntry[]) => list.map((e) => e.id);

/** What a rebuild from every entry gives: the reference for the incremental maintenance. */
function expectSameAsRebuild(doc: ReturnType<typeof buildList>, all: Map<number, ListEntry>): void {
  const truth = buildList(doc._id, [...all.values()], 0);
  for (const cat of ['recent', 'highest', 'lowest', 'relevant'] as const) {
    const n = Math.min(doc.cats[cat].length, MAX_LIMIT);
    if (!doc.stale) expect(doc.cats[cat].length).toBeGreaterThanOrEqual(Math.min(MAX_LIMIT, truth.cats[cat].length));
    // Whatever the list holds is an exact prefix of the true order.
    const got = ids(doc.cats[cat]).join(',');
    const want = ids(truth.cats[cat]).slice(0, doc.cats[cat].length).join(',');
    if (got !== want) throw new Error(`${cat} complete=${doc.complete[cat]} stale=${doc.stale} len=${doc.cats[cat].length} truth=${truth.cats[cat].length}\n${got}\n${want}`);
    expect(n).toBeLessThanOrEqual(LIST_CAP);
  }
}

describe('review lists (maintained community and teacher categories)', () => {
  it('reports no change when a review is placed again as it is (no list write)', () => {
    const entries = Array.from({ length: 30 }, (_, i) => entry(i + 1));
    const doc = buildList('community', entries, 0);
    const before = JSON.stringify(doc);
    expect(placeEntry(doc, 7, { ...entry(7) })).toBe(false);
    expect(JSON.stringify(doc)).toBe(before);
    expect(placeEntry(doc, 7, entry(7, { relUp: 9, relTotal: 9 }))).toBe(true);
  });

  it('orders each category like the from-scratch queries', () => {
    const entries = Array.from({ length: 40 }, (_, i) => entry(i + 1));
    const doc = buildList('community', entries, 0);
    expect(ids(doc.cats.recent)).toEqual(ids([...entries].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)));
    expect(doc.cats.highest[0].tot).toBe(10);
    expect(doc.cats.lowest[0].tot).toBe(0);
    expect(doc.cats.relevant.every((e) => e.relTotal > 0)).toBe(true);
    const w = doc.cats.relevant.map((e) => wilsonLowerBound(e.relUp, e.relTotal));
    expect([...w].sort((a, b) => b - a)).toEqual(w);
    expect(doc.complete).toEqual({ recent: true, highest: true, lowest: true, relevant: true });
  });

  it('stays an exact prefix of the true order through random inserts, changes and removals', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    const all = new Map<number, ListEntry>();
    for (let i = 1; i <= 300; i++) all.set(i, entry(i));
    const doc = buildList('community', [...all.values()], 0);
    for (let step = 0; step < 3000; step++) {
      const id = 1 + Math.floor(random() * 400);
      const roll = random();
      let next: ListEntry | null;
      if (roll < 0.3) next = null;
      else if (roll < 0.6) next = entry(id, { relTotal: Math.floor(random() * 9), relUp: 0 });
      else next = entry(id, { tot: Math.floor(random() * 11) });
      if (next) next.relUp = Math.min(next.relUp, next.relTotal);
      if (next) all.set(id, next);
      else all.delete(id);
      placeEntry(doc, id, next);
      expectSameAsRebuild(doc, all);
      if (doc.stale) {
        // What the rebuild does (off the read path).
        Object.assign(doc, buildList('community', [...all.values()], doc.v));
      }
    }
  });

  it('marks a list stale when an incomplete category falls under the largest limit', () => {
    const all = Array.from({ length: LIST_CAP + 5 }, (_, i) => entry(i + 1));
    const doc = buildList('community', all, 0);
    expect(doc.complete.recent).toBe(false);
    for (const e of doc.cats.recent.slice(0, LIST_CAP - MAX_LIMIT + 1)) placeEntry(doc, e.id, null);
    expect(doc.stale).toBe(true);
  });

  describe('reviews validated ahead of their publication instant', () => {
    it('keeps them out of the categories until their instant, then shows them in order', () => {
      const doc = buildList('community', Array.from({ length: 20 }, (_, i) => entry(i + 1)), 0);
      const later = entry(99, { createdAt: new Date(1_800_000_000_000), tot: 10, from: 5_000 });
      expect(placeEntry(doc, 99, later, 1_000)).toBe(true);
      expect(ids(doc.cats.recent)).not.toContain(99);
      expect(ids(doc.upcoming)).toEqual([99]);
      expect(placeEntry(doc, 99, { ...later }, 1_000)).toBe(false); // already waiting: no write
      expect(listAt(doc, 4_999)).toMatchObject({ next: 5_000 });
      expect(ids(listAt(doc, 4_999).doc.cats.recent)).not.toContain(99);
      const shown = listAt(doc, 5_000);
      expect(shown.next).toBeNull();
      expect(shown.doc.cats.recent[0].id).toBe(99);
      expect(shown.doc.cats.highest[0].id).toBe(99);
      expect(ids(doc.upcoming)).toEqual([99]); // the stored list is left as is by readers
      expect(revealDue(doc, 5_000)).toEqual({ changed: true, next: null });
      expect(doc.upcoming).toEqual([]);
      expect(doc.cats.recent[0].id).toBe(99);
    });

    it('withdraws one that has not shown yet', () => {
      const doc = buildList('teacher:1', [entry(1)], 0);
      placeEntry(doc, 2, entry(2, { from: 9_000 }), 1_000);
      expect(placeEntry(doc, 2, null, 2_000)).toBe(true);
      expect(doc.upcoming).toEqual([]);
      expect(ids(listAt(doc, 10_000).doc.cats.recent)).toEqual([1]);
    });

    it('a rebuild puts them aside too', () => {
      const doc = buildList('community', [entry(1), entry(2, { from: 9_000 })], 0, 1_000);
      expect(ids(doc.cats.recent)).toEqual([1]);
      expect(ids(doc.upcoming)).toEqual([2]);
    });

    it('what shows at any instant is an exact prefix of the true order, through random changes', () => {
      let seed = 11;
      const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
      const all = new Map<number, ListEntry>();
      for (let i = 1; i <= 120; i++) all.set(i, entry(i, { from: 0 }));
      const doc = buildList('community', [...all.values()], 0, 0);
      let now = 0;
      for (let step = 0; step < 2000; step++) {
        now += Math.floor(random() * 40);
        const id = 1 + Math.floor(random() * 200);
        const roll = random();
        let next: ListEntry | null;
        if (roll < 0.25) next = null;
        else if (roll < 0.6) next = entry(id, { createdAt: new Date(1_800_000_000_000 + now), from: now + Math.floor(random() * 400) }); // validated ahead
        else next = entry(id, { tot: Math.floor(random() * 11), from: all.get(id)?.from ?? now });
        if (next) all.set(id, next);
        else all.delete(id);
        if (random() < 0.5) revealDue(doc, now); // a writer folds what is due; readers do not
        placeEntry(doc, id, next, now);
        const shown = listAt(doc, now).doc;
        expectSameAsRebuild(shown, new Map([...all].filter(([, e]) => (e.from ?? 0) <= now)));
        if (doc.stale) Object.assign(doc, buildList('community', [...all.values()], doc.v, now));
      }
    });
  });
});
