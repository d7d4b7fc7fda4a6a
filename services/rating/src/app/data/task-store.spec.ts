import { retryDelay, taskKey } from './task-store';

describe('to-do list tasks', () => {
  it('backs a failing task off: the base, then doubled at each failure, never past the most', () => {
    expect([1, 2, 3, 4, 8, 100].map((n) => retryDelay(n, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });

  it("gives a reply a key apart from its review's", () => {
    expect([taskKey(7), taskKey(7, 'review'), taskKey(7, 'reply')]).toEqual(['review:7', 'review:7', 'reply:7']);
  });
});
