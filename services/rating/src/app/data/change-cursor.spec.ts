import { ChangeCursor } from './change-cursor';

const cursorAt = () => {
  let now = 0;
  const cursor = new ChangeCursor(5000, () => now);
  return { cursor, tick: (ms: number) => (now += ms) };
};

test('before anything was seen: every stamped change', () => {
  expect(cursorAt().cursor.since()).toBe(Number.NEGATIVE_INFINITY);
});

test('just after a look: the changes stamped within the grace before the latest seen (a transaction committed late)', () => {
  const { cursor } = cursorAt();
  cursor.saw([100_000, 90_000]);
  expect(cursor.since()).toBe(95_000);
});

test('once nothing changed for the grace: only what comes after the latest seen (a look finds nothing)', () => {
  const { cursor, tick } = cursorAt();
  cursor.saw([100_000]);
  tick(1000);
  cursor.saw([]);
  expect(cursor.since()).toBe(95_000);
  tick(4000);
  expect(cursor.since()).toBe(100_000);
  tick(10_000);
  cursor.saw([]);
  expect(cursor.since()).toBe(100_000);
});

test('a change seen later moves the cursor only once its grace passed', () => {
  const { cursor, tick } = cursorAt();
  cursor.saw([100_000]);
  tick(6000);
  cursor.saw([107_000]);
  expect(cursor.since()).toBe(102_000);
  tick(5000);
  expect(cursor.since()).toBe(107_000);
});

test('reset reads everything again', () => {
  const { cursor } = cursorAt();
  cursor.saw([1]);
  cursor.reset();
  expect(cursor.since()).toBe(Number.NEGATIVE_INFINITY);
});
