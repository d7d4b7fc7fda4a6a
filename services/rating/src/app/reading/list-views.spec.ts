import { MAX_LIMIT, type Page, teacherPageSize, viewOf } from './public-lists';

const review = (id: number) => JSON.stringify({ id, text_rating: `r${id}` });

function page(): Page {
  return {
    blocks: [
      { title: 'recent', reviews: [1, 2, 3].map(review), ids: [1, 2, 3] },
      { title: 'highest', reviews: [3, 4].map(review), ids: [3, 4] },
    ],
    at: 1,
    version: 'v',
    views: new Map(),
  };
}

test('a limit cut from the page gives the text of the lists read with that limit', () => {
  const p = page();
  const view = viewOf(p, 2);
  expect(JSON.parse(view.answer.text)).toEqual([
    { title: 'recent', reviews: [1, 2].map((id) => ({ id, text_rating: `r${id}` })) },
    { title: 'highest', reviews: [3, 4].map((id) => ({ id, text_rating: `r${id}` })) },
    { 1: [null, false], 2: [null, false], 3: [null, false], 4: [null, false] },
  ]);
  expect(view.ids).toEqual([1, 2, 3, 4]);
  expect(viewOf(p, 1).ids).toEqual([1, 3]);
});

test('made once per page and limit, a few limits kept per page', () => {
  const p = page();
  expect(viewOf(p, 2)).toBe(viewOf(p, 2));
  for (const limit of [1, 3, 4, 5, 6]) viewOf(p, limit);
  expect(p.views.size).toBeLessThanOrEqual(4);
});

test("a teacher's lists are read at two sizes only: the usual one, or MAX_LIMIT", () => {
  expect([1, 5, 10].map((limit) => teacherPageSize(limit, 10))).toEqual([10, 10, 10]);
  expect([11, 37, 50].map((limit) => teacherPageSize(limit, 10))).toEqual([MAX_LIMIT, MAX_LIMIT, MAX_LIMIT]);
});
