import { scriptsStillLoading, WARM_UPS, warmIntl } from './warm-intl';

test('while main.js downloads, builds each first formatter at once; a failing one does not stop the next', () => {
  const done: string[] = [];
  warmIntl(
    () => true,
    [
      () => {
        throw new Error('no Intl');
      },
      () => done.push('numbers'),
    ],
  );
  expect(done).toEqual(['numbers']);
});

test('once main.js is there (or when that cannot be told), does nothing: main.js must not wait', () => {
  const warmUp = jest.fn();
  warmIntl(() => false, [warmUp]);
  warmIntl(() => {
    throw new Error('no resource timing');
  }, [warmUp]);
  expect(warmUp).not.toHaveBeenCalled();
});

test('a script is still loading until its resource timing entry is there', () => {
  document.head.innerHTML = '<script defer src="/early.js"></script><script defer src="/main.js"></script>';
  const [early, main] = [...document.scripts];
  const ended = new Set<string>([early.src]);
  const perf = { getEntriesByName: (name: string) => (ended.has(name) ? [{} as PerformanceEntry] : []) };
  expect(scriptsStillLoading(document, perf)).toBe(true);
  ended.add(main.src);
  expect(scriptsStillLoading(document, perf)).toBe(false);
});

test('the warm-ups build a date and a number formatter', () => {
  expect(WARM_UPS.map((warmUp) => typeof warmUp())).toEqual(['string', 'string']);
});

test("a server-rendered page's preloaded main.js is still loading until its entry is there too", () => {
  document.head.innerHTML = '<script defer src="/early.js"></script><link rel="preload" href="/main.js" as="script">';
  const ended = new Set<string>([new URL('/early.js', document.baseURI).href]);
  const perf = { getEntriesByName: (name: string) => (ended.has(name) ? [{} as PerformanceEntry] : []) };
  expect(scriptsStillLoading(document, perf)).toBe(true);
  ended.add(new URL('/main.js', document.baseURI).href);
  expect(scriptsStillLoading(document, perf)).toBe(false);
});

test('on a painted page, each warm-up runs through the given scheduler (a task of its own)', () => {
  const scheduled: (() => void)[] = [];
  const done: string[] = [];
  warmIntl(
    () => true,
    [() => done.push('dates'), () => done.push('numbers')],
    (warmUp) => scheduled.push(warmUp),
  );
  expect(done).toEqual([]);
  scheduled.forEach((warmUp) => warmUp());
  expect(done).toEqual(['dates', 'numbers']);
});
