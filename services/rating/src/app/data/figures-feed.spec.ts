import { FiguresFeed, FULL_READ_MS } from './figures-feed';

type Row = { _id: number; reviewCount: number; rev: number; changedAt: Date };

function feedOver(rows: Row[]) {
  const filters: object[] = [];
  const collection = {
    find: jest.fn((filter: { changedAt?: { $gt: Date } }) => {
      filters.push(filter);
      return { toArray: async () => rows.filter((r) => !filter.changedAt || r.changedAt > filter.changedAt.$gt).map((r) => ({ ...r })) };
    }),
  };
  return { feed: new FiguresFeed(collection as never), filters };
}

test('reads every teacher first, then only what changed since; the same map while nothing changed', async () => {
  const rows: Row[] = [
    { _id: 1, reviewCount: 3, rev: 3, changedAt: new Date(1000) },
    { _id: 2, reviewCount: 1, rev: 1, changedAt: new Date(2000) },
  ];
  const { feed, filters } = feedOver(rows);
  const first = await feed.look();
  expect(filters[0]).toEqual({});
  expect([...first.stats.keys()]).toEqual([1, 2]);
  const again = await feed.look();
  expect(filters[1]).toHaveProperty('changedAt.$gt');
  expect(again.stats).toBe(first.stats);
  rows[0] = { _id: 1, reviewCount: 4, rev: 4, changedAt: new Date(3000) };
  const changed = await feed.look();
  expect(changed.stats).not.toBe(first.stats);
  expect(changed.stats.get(1)).toMatchObject({ reviewCount: 4, rev: 4 });
  expect(changed.stats.get(2)).toMatchObject({ reviewCount: 1 });
});

test("the community's version is the sum of the teachers' crev", async () => {
  const { feed } = feedOver([
    { _id: 1, reviewCount: 3, rev: 3, changedAt: new Date(1000), crev: 2 } as Row,
    { _id: 2, reviewCount: 1, rev: 1, changedAt: new Date(2000), crev: 5 } as Row,
  ]);
  expect((await feed.look()).community).toBe(7);
});

test('callers meanwhile share one look', async () => {
  const { feed, filters } = feedOver([]);
  await Promise.all([feed.look(), feed.look()]);
  expect(filters).toHaveLength(1);
});

test('every teacher is read again when asked (the catalogue moved) and after FULL_READ_MS; else only what changed', async () => {
  const { feed, filters } = feedOver([{ _id: 1, reviewCount: 3, rev: 3, changedAt: new Date(1000) }]);
  let clock = 0;
  jest.spyOn(performance, 'now').mockImplementation(() => clock);
  try {
    await feed.look();
    clock = FULL_READ_MS - 1;
    await feed.look();
    feed.readAllAgain();
    await feed.look();
    await feed.look();
    clock = 2 * FULL_READ_MS;
    await feed.look();
    expect(filters.map((f) => ('changedAt' in f ? 'changed' : 'all'))).toEqual(['all', 'changed', 'all', 'changed', 'all']);
  } finally {
    jest.restoreAllMocks();
  }
});

test('a full read that failed is made again at the next look', async () => {
  const { feed, filters } = feedOver([{ _id: 1, reviewCount: 3, rev: 3, changedAt: new Date(1000) }]);
  await feed.look();
  feed.readAllAgain();
  const collection = (feed as unknown as { docs: { find: jest.Mock } }).docs;
  const find = collection.find.getMockImplementation()!;
  collection.find.mockImplementationOnce((filter: object) => {
    filters.push(filter);
    return { toArray: () => Promise.reject(new Error('the database went away')) };
  });
  await expect(feed.look()).rejects.toThrow('went away');
  collection.find.mockImplementation(find);
  await feed.look();
  expect(filters.map((f) => ('changedAt' in f ? 'changed' : 'all'))).toEqual(['all', 'all', 'all']);
});

test("the sum of the teachers' rev moves with any of them", async () => {
  const rows = [
    { _id: 1, reviewCount: 3, rev: 3, changedAt: new Date(1000) },
    { _id: 2, reviewCount: 1, rev: 4, changedAt: new Date(2000) },
  ];
  const { feed } = feedOver(rows);
  expect((await feed.look()).revs).toBe(7);
  rows[1] = { ...rows[1], rev: 5, changedAt: new Date(3000) };
  expect((await feed.look()).revs).toBe(8);
});
