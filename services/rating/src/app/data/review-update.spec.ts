import { type ReviewDoc } from '../reviews/review';
import { reviewUpdate } from './review-update';

const doc = (extra: Partial<ReviewDoc>) =>
  ({
    _id: 'r1',
    id: 1,
    status: 'published',
    visible: true,
    voters: [{ u: 'a', v: 1 }],
    relUp: 1,
    relTotal: 1,
    fence: 3,
    keys: { recent: 10, highest: 20, lowest: 30, relevant: 40 },
    ...extra,
  }) as unknown as ReviewDoc;

test('a change writes what it decided, never the votes, their counts or `_id`', () => {
  const { guard, update } = reviewUpdate(doc({}), doc({ fence: 4, reportCount: 1, voters: [], relUp: 0, relTotal: 0 }));
  expect(guard).toEqual({});
  expect(update.$set).toMatchObject({ fence: 4, reportCount: 1, status: 'published' });
  for (const field of ['_id', 'voters', 'relUp', 'relTotal', 'keys', 'keys.relevant']) expect(update.$set).not.toHaveProperty([field]);
  expect(update).not.toHaveProperty('$unset');
});

test("while the review stays public its list keys are written one by one, but the votes' own (`relevant`)", () => {
  const { update } = reviewUpdate(doc({}), doc({ keys: { recent: 11, highest: 21, lowest: 31, relevant: 99 } }));
  expect(update.$set).toMatchObject({ 'keys.recent': 11, 'keys.highest': 21, 'keys.lowest': 31 });
  expect(update.$set).not.toHaveProperty(['keys.relevant']);
});

test('a review leaving the public pages loses its keys; fields the change dropped are unset', () => {
  const { update } = reviewUpdate(doc({ releaseAt: new Date() }), doc({ visible: false, hidden: true, keys: undefined }));
  expect(update.$unset).toEqual({ keys: '', releaseAt: '' });
});

test('a review becoming public gets all its keys, guarded by the counts they were derived from', () => {
  const keys = { recent: 10, highest: 20, lowest: 30, relevant: 40 };
  const { guard, update } = reviewUpdate(doc({ visible: false, keys: undefined }), doc({ keys }));
  expect(update.$set.keys).toEqual(keys);
  expect(guard).toEqual({ relUp: 1, relTotal: 1 });
});
