import { WARM_UPS, warmIntl } from './warm-intl';

test('runs each warm-up in an idle task of its own, in order, and only then', () => {
  const idle: (() => void)[] = [];
  const scope = { requestIdleCallback: jest.fn((run: () => void) => idle.push(run)) };
  const done: string[] = [];
  warmIntl(scope, [() => done.push('dates'), () => done.push('numbers')]);
  expect(done).toEqual([]); // nothing during the script's own run
  idle.shift()!();
  expect(done).toEqual(['dates']);
  idle.shift()!();
  expect(done).toEqual(['dates', 'numbers']);
  expect(idle).toEqual([]);
  expect(scope.requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 1000 });
});

test('uses a timer where there is no idle callback, and a failing warm-up does not stop the next', () => {
  const timers: (() => void)[] = [];
  const done: string[] = [];
  warmIntl({ setTimeout: (run: () => void) => timers.push(run) }, [
    () => {
      throw new Error('no Intl');
    },
    () => done.push('numbers'),
  ]);
  while (timers.length) timers.shift()!();
  expect(done).toEqual(['numbers']);
});

test('the warm-ups build a date and a number formatter', () => {
  expect(WARM_UPS.map((warmUp) => typeof warmUp())).toEqual(['string', 'string']);
});
