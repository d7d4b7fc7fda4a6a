import { type ReviewDoc } from '../reviews/review';
import { RESTAMP_AFTER_MS } from './figures-feed';
import { TeacherStatsStore } from './teacher-stats-store';

type Row = { _id: number; reviewCount: number; rev: number; crev?: number; changedAt?: Date; groups?: object };

/** The store over a fake `teacher_stats` holding teachers 1 and 2, each at `rev` 5; `$inc` and `$currentDate` applied as the database would. */
function storeOverFakeFigures() {
  const docs = new Map<number, Row>([1, 2].map((id) => [id, { _id: id, reviewCount: 3, rev: 5, changedAt: new Date(1000), groups: {} }]));
  const read: Row[] = [];
  const matches = (filter: { changedAt?: { $gt: Date } }) => (d: Row) =>
    !filter.changedAt || (d.changedAt ?? new Date(0)) > filter.changedAt.$gt;
  const collection = {
    find: jest.fn((filter: { changedAt?: { $gt: Date } }) => ({
      toArray: async () => {
        const rows = [...docs.values()].filter(matches(filter)).map((d) => ({ ...d }));
        read.push(...rows);
        return rows;
      },
    })),
    findOne: jest.fn(async ({ _id }: { _id: number }, _options?: object) => ({ ...docs.get(_id)! })),
    updateOne: jest.fn(async ({ _id }: { _id: number }, { $inc }: { $inc?: Record<string, number> }) => {
      const doc = docs.get(_id)! as unknown as Record<string, number>;
      for (const [k, v] of Object.entries($inc ?? {})) doc[k] = (doc[k] ?? 0) + v;
      docs.get(_id)!.changedAt = new Date(Date.now());
      return { matchedCount: 1 };
    }),
  };
  return { store: new TeacherStatsStore(collection as never, {} as never), collection, docs, read };
}

/** A public review of teacher 1: voting on it moves only his `rev`. */
const publicReview = {
  id: 1,
  visible: true,
  createdAt: new Date('2026-10-01'),
  pub: { teacherId: 1, tot_rating: 8, year: 2 },
} as unknown as ReviewDoc;
const voted = { ...publicReview, relUp: 1, relTotal: 1, keys: { relevant: 1 } } as unknown as ReviewDoc;

test('every teacher is read once per snapshot, shared while it is fresh, without his maps', async () => {
  const { store, collection } = storeOverFakeFigures();
  const [a, b] = await Promise.all([store.recent(), store.recent()]);
  expect(a).toBe(b);
  expect(a.stats.get(1)).toEqual({ reviewCount: 3, ratingSum: 0, rev: 5, crev: 0, changedAt: 1000 });
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

test("a vote moves the community's version only when the judge says it can change its lists", async () => {
  const { store, docs } = storeOverFakeFigures();
  store.judgeCommunity(() => false);
  await store.withReviewWrite(publicReview, voted, async () => true);
  expect(docs.get(1)).toMatchObject({ rev: 6 });
  expect(docs.get(1)!.crev).toBeUndefined();
  expect(store.communityChangesHere).toBe(0);
  store.judgeCommunity(() => true);
  await store.withReviewWrite(voted, publicReview, async () => true);
  expect(docs.get(1)).toMatchObject({ rev: 7, crev: 1 });
  expect(store.communityChangesHere).toBe(1);
});

test('without a judge (the worker), any change of what a list shows moves it; a change of nothing shown does not', async () => {
  const { store, docs } = storeOverFakeFigures();
  await store.withReviewWrite(publicReview, { ...publicReview, reportCount: 1 } as ReviewDoc, async () => true);
  expect(docs.get(1)!.crev).toBeUndefined();
  await store.withReviewWrite(publicReview, voted, async () => true);
  expect(docs.get(1)!.crev).toBe(1);
});

test("a teacher's page reads his whole figures once, then again only once his document changed", async () => {
  const { store, collection, docs } = storeOverFakeFigures();
  expect(await store.page(1)).toMatchObject({ reviewCount: 3 });
  expect(await store.page(1)).toMatchObject({ reviewCount: 3 });
  expect(collection.findOne).toHaveBeenCalledTimes(1);
  expect(collection.findOne.mock.calls[0][1]).toEqual({ projection: { groups: 0, changedAt: 0 } }); // no live class-group counts
  docs.get(1)!.reviewCount = 4;
  docs.get(1)!.changedAt = new Date(5000); // another process
  jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 2000); // the snapshot aged: looked at again
  try {
    expect(await store.page(1)).toMatchObject({ reviewCount: 4 });
  } finally {
    jest.restoreAllMocks();
  }
});

describe('a stamp that may have shown late is written again (what every look assumes: figures-feed.ts)', () => {
  /** The store over fake figures whose writes take `took(call)` ms of a fake monotonic clock. */
  function slowStore(took: (call: number) => number) {
    const fake = storeOverFakeFigures();
    let clock = 0;
    jest.spyOn(performance, 'now').mockImplementation(() => clock);
    const write = fake.collection.updateOne.getMockImplementation()!;
    fake.collection.updateOne.mockImplementation(async (...args) => {
      clock += took(fake.collection.updateOne.mock.calls.length);
      return write(...args);
    });
    return fake;
  }
  afterEach(() => jest.restoreAllMocks());

  test('a move answered in time is written once', async () => {
    const { store, collection } = slowStore(() => RESTAMP_AFTER_MS - 1);
    await store.revised(1);
    expect(collection.updateOne).toHaveBeenCalledTimes(1);
    expect(store.owedMoves.size).toBe(0);
  });

  test('a slow move is stamped again, without moving anything twice', async () => {
    const { store, collection, docs } = slowStore((call) => (call === 1 ? RESTAMP_AFTER_MS : 10));
    await store.revised(1);
    expect(collection.updateOne).toHaveBeenCalledTimes(2);
    expect(collection.updateOne.mock.calls[1][1]).toEqual({ $currentDate: { changedAt: true } });
    expect(docs.get(1)).toMatchObject({ rev: 6, crev: 1 });
    expect(store.owedMoves.size).toBe(0);
  });

  test('stamps that stay slow are owed (retried in the background), and the caller is not failed: its change landed', async () => {
    const { store, collection } = slowStore(() => 10 * RESTAMP_AFTER_MS);
    await expect(store.revised(1)).resolves.toBeUndefined();
    expect(collection.updateOne).toHaveBeenCalledTimes(3);
    expect(store.owedMoves.get(1)).toEqual({});
  });

  test('a second stamp that fails is owed, and the caller is not failed', async () => {
    const { store, collection } = slowStore(() => RESTAMP_AFTER_MS);
    const write = collection.updateOne.getMockImplementation()!;
    collection.updateOne.mockImplementation(async (...args) =>
      collection.updateOne.mock.calls.length === 1 ? write(...args) : Promise.reject(new Error('the database went away')),
    );
    await expect(store.revised(1)).resolves.toBeUndefined();
    expect(store.owedMoves.get(1)).toEqual({});
  });
});
