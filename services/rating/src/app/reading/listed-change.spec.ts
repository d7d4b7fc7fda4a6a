import { type ReviewDoc } from '../reviews/review';
import { type HeldLists, listsMayChange, touchesLists } from './listed-change';

const doc = (id: number, keys: ReviewDoc['keys'], more: Partial<ReviewDoc> = {}) =>
  ({ id, visible: true, pub: { teacherId: 1, tot_rating: 5 }, relUp: 0, relTotal: 0, keys, ...more }) as unknown as ReviewDoc;

const held: HeldLists = { ids: new Set([1, 2]), cutoffs: { recent: 100, highest: 100, lowest: 100, relevant: 100 } };

test('a change of nothing a list shows (a report) changes no list', () => {
  const before = doc(1, { recent: 500 });
  expect(listsMayChange(before, { ...before, reportCount: 1 } as ReviewDoc)).toBe(false);
  expect(touchesLists(before, { ...before, reportCount: 1 } as ReviewDoc, held)).toBe(false);
  expect(listsMayChange(before, { ...before, relUp: 1, relTotal: 1 })).toBe(true);
});

test('a review shown in the lists: any change of what they show of it', () => {
  expect(touchesLists(doc(2, { recent: 1 }), doc(2, { recent: 1 }, { relTotal: 1 }), held)).toBe(true);
});

test('a review not shown: only when a key reaches a cut-off', () => {
  const before = doc(9, { recent: 50, highest: 50, lowest: 50, relevant: 10 }, { relTotal: 1 });
  expect(touchesLists(before, { ...before, relUp: 1, relTotal: 2, keys: { ...before.keys, relevant: 99 } }, held)).toBe(false);
  expect(touchesLists(before, { ...before, relUp: 2, relTotal: 2, keys: { ...before.keys, relevant: 100 } }, held)).toBe(true);
});

test('a list not full (cut-off null) takes any review; unknown lists: any change can change them', () => {
  const before = doc(9, { recent: 1 });
  const after = { ...before, relUp: 1, relTotal: 1, keys: { recent: 1, relevant: 1 } } as ReviewDoc;
  expect(touchesLists(before, after, { ...held, cutoffs: { ...held.cutoffs, relevant: null } })).toBe(true);
  expect(touchesLists(before, after, undefined)).toBe(true);
});

test('a review leaving public view, or entering it, is judged by its keys', () => {
  const shown = doc(9, { recent: 200 });
  expect(touchesLists(shown, { ...shown, visible: false, keys: undefined }, held)).toBe(true);
  const low = doc(9, { recent: 20 });
  expect(touchesLists({ ...low, visible: false, keys: undefined }, low, held)).toBe(false);
});
