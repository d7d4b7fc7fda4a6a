import { decodeList, encodeList, type StoredList } from './list-codec';
import { buildList, type ListEntry } from './review-lists';

const entry = (id: number): ListEntry => ({ id, teacherId: 3, subjectId: 2, year: 1, tot: id % 11, text: `« avis ${id} »`, relUp: id % 3, relTotal: id % 5, createdAt: new Date(1_700_000_000_000 + id * 1000) });

describe('review list storage format', () => {
  it('stores the categories as one string and reads back the same list', () => {
    const doc = { ...buildList('teacher:3', Array.from({ length: 90 }, (_, i) => entry(i + 1)), 4), builtAt: new Date(5) };
    const stored = encodeList(doc);
    expect(typeof stored.entries).toBe('string');
    expect(stored).not.toHaveProperty('cats');
    expect(decodeList(stored as StoredList)).toEqual(doc);
  });

  it('keeps the entries that show later, and their instants', () => {
    const doc = buildList('teacher:3', [entry(1), { ...entry(2), from: 2_000_000_000_000 }, { ...entry(3), from: 5 }], 1, 1_000);
    expect(doc.upcoming.map((e) => e.id)).toEqual([2]);
    expect(decodeList(encodeList(doc) as StoredList)).toEqual(doc);
  });

  it('reads lists written before the string format', () => {
    const doc = buildList('community', [entry(1), entry(2)], 2);
    const legacy = { _id: doc._id, v: doc.v, cats: doc.cats, complete: doc.complete, stale: false, builtAt: doc.builtAt } as unknown as StoredList;
    expect(decodeList(legacy).cats).toEqual(doc.cats);
  });
});
