import {
  AFTER_PAINT_PRELOADS_META,
  AFTER_PAINT_SCRIPTS_META,
  START_AT_LATEST_MS,
  preloadsNamed,
  startScriptsAfterPaint,
} from './after-paint';

type Entries = { getEntriesByName: (name: string) => unknown[] };

/** A window whose frames, timers and paint reports come when the test says so. */
function fakeWindow({ paintTiming = true } = {}) {
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: ((list: Entries) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : ['mark'];
    constructor(private readonly callback: (list: Entries) => void) {}
    observe() {
      observers.push(this.callback);
    }
    disconnect() {
      observers.splice(observers.indexOf(this.callback), 1);
    }
  }
  const win = {
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    PerformanceObserver: FakeObserver as unknown as typeof PerformanceObserver,
  } as unknown as Window;
  const paint = (name: string) => [...observers].forEach((callback) => callback({ getEntriesByName: (n) => (n === name ? [{}] : []) }));
  const runSoonTimers = () => timers.filter((t) => t.ms === 0).forEach((t) => t.fn());
  return { win, frames, timers, paint, runSoonTimers };
}
const added = () => [...document.head.querySelectorAll('script')].map((s) => [new URL(s.src).pathname, s.async]);

beforeEach(() => {
  document.head.innerHTML = `<meta name="${AFTER_PAINT_SCRIPTS_META}" content="/main.1.js /other.2.js"><meta name="${AFTER_PAINT_PRELOADS_META}" content="/i18n.3.js /mfe/x/remoteEntry.js">`;
});

test('a server-rendered page: its scripts start in order once the first contentful paint is reported, after `first`', () => {
  const { win, paint, runSoonTimers, timers } = fakeWindow();
  const order: string[] = [];
  expect(startScriptsAfterPaint(document, win, () => order.push(`first, ${added().length} scripts`))).toBe(true);
  paint('first-paint');
  runSoonTimers();
  expect(added()).toEqual([]); // a paint without content is not the page
  paint('first-contentful-paint');
  expect(added()).toEqual([]); // started in a task of its own
  runSoonTimers();
  expect(order).toEqual(['first, 0 scripts']);
  expect(added()).toEqual([
    ['/main.1.js', false],
    ['/other.2.js', false],
  ]);
  // The code the takeover runs is asked for then too, before main.js runs.
  const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
  expect(preloads.map((l) => [new URL(l.href).pathname, l.as])).toEqual([
    ['/i18n.3.js', 'script'],
    ['/mfe/x/remoteEntry.js', 'script'],
  ]);
  expect(document.head.lastElementChild).toBe(document.head.querySelectorAll('script')[1]);
  // The latest start adds nothing more.
  timers.find((t) => t.ms === START_AT_LATEST_MS)!.fn();
  expect(added()).toHaveLength(2);
});

test('without paint timing: once the next frame is painted', () => {
  const { win, frames, runSoonTimers } = fakeWindow({ paintTiming: false });
  startScriptsAfterPaint(document, win);
  runSoonTimers();
  expect(added()).toEqual([]);
  frames.forEach((frame) => frame());
  runSoonTimers();
  expect(added().map(([src]) => src)).toEqual(['/main.1.js', '/other.2.js']);
});

test('a tab in the background paints nothing: the scripts start at once, or when the tab is hidden', () => {
  const hidden = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  startScriptsAfterPaint(document, fakeWindow().win);
  expect(added()).toHaveLength(2);
  hidden.mockReturnValue('visible');
  document.head.querySelectorAll('script').forEach((s) => s.remove());
  startScriptsAfterPaint(document, fakeWindow().win);
  expect(added()).toHaveLength(0);
  document.dispatchEvent(new Event('visibilitychange'));
  expect(added()).toHaveLength(2);
  hidden.mockRestore();
});

test('a page the browser builds (no meta tag) is left alone', () => {
  document.head.innerHTML = '';
  const { win, frames, timers } = fakeWindow();
  expect(startScriptsAfterPaint(document, win)).toBe(false);
  expect([frames.length, timers.length]).toEqual([0, 0]);
});

test('a hashed remote file is preloaded with its integrity and crossorigin="anonymous", as its runtime asks for it', () => {
  const hash = `sha384-${'A'.repeat(64)}`;
  expect(preloadsNamed(['/i18n.3.js', '/mfe/x/route.4.js', hash, '/mfe/x/remoteEntry.js'])).toEqual([
    { href: '/i18n.3.js' },
    { href: '/mfe/x/route.4.js', integrity: hash },
    { href: '/mfe/x/remoteEntry.js' },
  ]);
  document.head.innerHTML = `<meta name="${AFTER_PAINT_SCRIPTS_META}" content="/main.1.js"><meta name="${AFTER_PAINT_PRELOADS_META}" content="/i18n.3.js /mfe/x/route.4.js ${hash}">`;
  const { win, paint, runSoonTimers } = fakeWindow();
  startScriptsAfterPaint(document, win);
  paint('first-contentful-paint');
  runSoonTimers();
  const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
  expect(preloads.map((l) => [new URL(l.href).pathname, l.getAttribute('integrity'), l.crossOrigin])).toEqual([
    ['/i18n.3.js', null, null],
    ['/mfe/x/route.4.js', hash, 'anonymous'],
  ]);
});
