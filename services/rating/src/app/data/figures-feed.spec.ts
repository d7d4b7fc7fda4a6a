import { FiguresFeed } from './figures-feed';

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
