import { type ReviewDoc } from '../reviews/review';
import { TeacherStatsStore } from './teacher-stats-store';

/** The store over a fake `teacher_stats` holding teachers 1 and 2, each at `rev` 5; `$inc` applied as the database would. */
function storeOverFakeFigures() {
  const docs = new Map([1, 2].map((id) => [id, { _id: id, reviewCount: 3, rev: 5 }]));
  const collection = {
    find: jest.fn(() => ({ toArray: async () => [...docs.values()].map((d) => ({ ...d })) })),
    findOne: jest.fn(async ({ _id }: { _id: number }) => ({ ...docs.get(_id)! })),
    updateOne: jest.fn(async ({ _id }: { _id: number }, { $inc }: { $inc: { rev: number } }) => {
      docs.get(_id)!.rev += $inc.rev;
      return { matchedCount: 1 };
    }),
  };
  return { store: new TeacherStatsStore(collection as never, {} as never), collection, docs };
}

/** A public review of teacher 1: voting on it moves only his `rev`. */
const publicReview = {
  id: 1,
  visible: true,
  createdAt: new Date('2026-10-01'),
  pub: { teacherId: 1, tot_rating: 8, year: 2 },
} as unknown as ReviewDoc;

test('every teacher is read once per snapshot, shared while it is fresh', async () => {
  const { store, collection } = storeOverFakeFigures();
  const [a, b] = await Promise.all([store.recent(), store.recent()]);
  expect(a).toBe(b);
  expect(a.stats.get(1)).toMatchObject({ reviewCount: 3, rev: 5 });
  expect(a.revision).toBe(10);
  expect(await store.of(2)).toMatchObject({ rev: 5 });
  expect(collection.find).toHaveBeenCalledTimes(1);
  expect(collection.findOne).not.toHaveBeenCalled();
});

test("this process's own change shows at once; another process's within the snapshot's age", async () => {
  const { store, collection, docs } = storeOverFakeFigures();
  await store.recent();
  expect(await store.withReviewWrite(publicReview, publicReview, async () => true)).toBe(true);
  expect(await store.of(1)).toMatchObject({ rev: 6 }); // read again: this process changed him
  expect(collection.findOne).toHaveBeenCalledTimes(1);
  docs.get(2)!.rev = 9; // another process
  expect(await store.of(2)).toMatchObject({ rev: 5 });
});

test('a write that matched nothing changes no figure and reads nothing again', async () => {
  const { store, collection } = storeOverFakeFigures();
  expect(await store.withReviewWrite(publicReview, publicReview, async () => false)).toBe(false);
  expect(collection.updateOne).not.toHaveBeenCalled();
  expect(await store.of(1)).toMatchObject({ rev: 5 });
  expect(collection.findOne).not.toHaveBeenCalled();
});
