import { type ReviewDoc } from './review';
import { detachmentDate, withoutUser } from './votes-and-reports';

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
  expect(after).toMatchObject({
    authorId: 'erased-2',
    reply: { authorId: 'erased-2', text: 't' },
    detachedAt: new Date('1970-02-01T00:00:00Z'),
  });
  expect(withoutUser(review(), 'nobody', 'erased-3', new Date(5))).toBeNull();
});

test('a detached review is dated to the start of the next month, never to the instant (so one author’s reviews stay apart)', () => {
  expect(detachmentDate(new Date('2026-11-28T21:04:05.678Z'))).toEqual(new Date('2026-12-01T00:00:00Z'));
  expect(detachmentDate(new Date('2026-12-31T23:59:59Z'))).toEqual(new Date('2027-01-01T00:00:00Z'));
  expect(detachmentDate(new Date('2027-01-01T00:00:00Z'))).toEqual(new Date('2027-02-01T00:00:00Z'));
});
