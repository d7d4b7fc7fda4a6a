import LongFirstSequencer from './long-first-sequencer.cjs';

type Test = { path: string };

test('a file named *.long.int.spec.ts runs first, the others in the order jest gives them', () => {
  const sequencer = Object.create(LongFirstSequencer.prototype) as { sort(tests: Test[]): Test[] };
  const paths = ['/r/a.int.spec.ts', '/r/big.int.spec.ts', '/r/outage.long.int.spec.ts', '/r/c.int.spec.ts'];
  const parent = Object.getPrototypeOf(LongFirstSequencer.prototype) as { sort(tests: Test[]): Test[] };
  const sort = jest.spyOn(parent, 'sort').mockImplementation((tests) => tests);
  try {
    expect(sequencer.sort(paths.map((path) => ({ path }))).map((t) => t.path)).toEqual([
      '/r/outage.long.int.spec.ts',
      '/r/a.int.spec.ts',
      '/r/big.int.spec.ts',
      '/r/c.int.spec.ts',
    ]);
  } finally {
    sort.mockRestore();
  }
});
