import { type ReviewDoc } from './review';
import { withoutUser } from './votes-and-reports';

const review = (extra: Partial<ReviewDoc> = {}) =>
  ({
    authorId: 'author',
    voters: [
      { u: 'gone', v: 1 },
      { u: 'stays', v: 0 },
    ],
    relUp: 1,
    relTotal: 2,
    reports: [
      { userId: 'gone', content: 'x', weight: 1, at: new Date(0), outcome: 'open', reason: null, decidedAt: null },
      { userId: 'stays', content: 'y', weight: 0.5, at: new Date(0), outcome: 'open', reason: null, decidedAt: null },
    ],
    reportCount: 2,
    reportWeight: 1.5,
    ...extra,
  }) as unknown as ReviewDoc;

test("an erased user's reports leave the review, the open totals with them; the votes are not this write's", () => {
  const after = withoutUser(review(), 'gone', 'erased-1', new Date(5))!;
  expect(after).toMatchObject({ reportCount: 1, reportWeight: 0.5, authorId: 'author' });
  expect(after.detachedAt).toBeUndefined(); // not theirs: not detached
  expect(after.reports.map((r) => r.userId)).toEqual(['stays']);
});

test('their review and their reply stay, detached; nothing of theirs: nothing to write', () => {
  const reply = { authorId: 'gone', text: 't' } as ReviewDoc['reply'];
  const after = withoutUser(
    review({ authorId: 'gone', voters: [], relUp: 0, relTotal: 0, reports: [], reply }),
    'gone',
    'erased-2',
    new Date(5),
  )!;
  expect(after).toMatchObject({ authorId: 'erased-2', reply: { authorId: 'erased-2', text: 't' }, detachedAt: new Date(5) });
  expect(withoutUser(review(), 'nobody', 'erased-3', new Date(5))).toBeNull();
});
