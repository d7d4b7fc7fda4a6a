import { DependencyUnavailableError } from '@pupitre/server-kit';
import { type ReviewDoc } from '../reviews/review';
import { ClassClaims } from './class-claims';
import { CHANGE_ATTEMPTS, ReviewStore } from './review-store';
import { type TeacherStatsStore } from './teacher-stats-store';

/**
 * A store over one review document held in a fake collection that honours the write's filter
 * (`_id` and `fence`), as the database does. `meddle` runs before each write: another writer.
 */
function storeOver(meddle: (doc: ReviewDoc) => ReviewDoc | null = (d) => d) {
  let doc = { _id: 'r1', id: 1, fence: 7, status: 'pending', reportCount: 0 } as unknown as ReviewDoc;
  const matches = (filter: { fence: number }) => doc.fence === filter.fence;
  const docs = {
    findOne: jest.fn(async () => ({ ...doc })),
    updateOne: jest.fn(async (filter: { fence: number }, update: { $set: ReviewDoc }) => {
      doc = meddle(doc) ?? doc;
      if (!matches(filter)) return { matchedCount: 0 };
      doc = { ...doc, ...update.$set };
      return { matchedCount: 1 };
    }),
    deleteOne: jest.fn(async (filter: { fence: number }) => {
      doc = meddle(doc) ?? doc;
      return { deletedCount: matches(filter) ? 1 : 0 };
    }),
  };
  // The figures' transaction (teacher-stats-store.ts) is the integration tests' business: here the write runs alone.
  const stats = { withReviewWrite: (_b: unknown, _a: unknown, write: () => Promise<boolean>) => write() };
  const claims = new ClassClaims({} as never); // the class never changes here: no claim is written
  return { store: new ReviewStore(docs as never, stats as unknown as TeacherStatsStore, claims), docs, current: () => doc };
}

const decide = (d: ReviewDoc) => ({ ...d, reportCount: (d.reportCount ?? 0) + 1 });

test('a change is written with the version it was decided on in the filter, and moves the version on', async () => {
  const { store, docs, current } = storeOver();
  const write = await store.change(1, decide);
  expect(docs.updateOne).toHaveBeenCalledWith({ _id: 'r1', fence: 7 }, { $set: expect.objectContaining({ reportCount: 1, fence: 8 }) }, {});
  expect(write?.after).toMatchObject({ reportCount: 1, fence: 8 });
  expect(current()).toMatchObject({ reportCount: 1, fence: 8 });
});

test('another writer first: the change is decided again on the new document, nothing lost or counted twice', async () => {
  let others = 2;
  const { store, docs, current } = storeOver((d) => (others-- > 0 ? { ...decide(d), fence: d.fence + 1 } : null));
  const write = await store.change(1, decide);
  expect(docs.updateOne).toHaveBeenCalledTimes(3);
  expect(write?.before).toMatchObject({ reportCount: 2, fence: 9 });
  expect(current()).toMatchObject({ reportCount: 3, fence: 10 });
});

test('nothing to change, or no such review: nothing written', async () => {
  const { store, docs } = storeOver();
  await expect(store.change(1, () => null)).resolves.toBeNull();
  docs.findOne.mockResolvedValueOnce(null as never);
  await expect(store.change(1, decide)).resolves.toBeNull();
  expect(docs.updateOne).not.toHaveBeenCalled();
});

test('always beaten by other writers: 503 after its attempts, never a 500, never a write on a stale version', async () => {
  const { store, docs } = storeOver((d) => ({ ...d, fence: d.fence + 1 }));
  const change = store.change(1, decide);
  await expect(change).rejects.toBeInstanceOf(DependencyUnavailableError);
  expect(docs.updateOne).toHaveBeenCalledTimes(CHANGE_ATTEMPTS);
});

test('a removal is a compare-and-set too: a review changed meanwhile is read and judged again', async () => {
  let others = 1;
  const { store, docs } = storeOver((d) => (others-- > 0 ? { ...d, fence: d.fence + 1 } : null));
  await expect(store.remove(1, () => true)).resolves.toMatchObject({ fence: 8 });
  expect(docs.deleteOne).toHaveBeenNthCalledWith(1, { _id: 'r1', fence: 7 }, {});
  expect(docs.deleteOne).toHaveBeenNthCalledWith(2, { _id: 'r1', fence: 8 }, {});
});
