import { AFTER_PAINT_META, startScriptsAfterPaint } from './after-paint';

/** A window whose frames and timers run when the test says so. */
function fakeWindow() {
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const win = {
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
  } as unknown as Window;
  return { win, frames, timers };
}
const added = () => [...document.head.querySelectorAll('script')].map((s) => [new URL(s.src).pathname, s.async]);

beforeEach(() => {
  document.head.innerHTML = `<meta name="${AFTER_PAINT_META}" content="/main.1.js /other.2.js">`;
});

test('a server-rendered page: its scripts start in order once the first frame is painted, after `first`', () => {
  const { win, frames, timers } = fakeWindow();
  const order: string[] = [];
  expect(startScriptsAfterPaint(document, win, () => order.push(`first, ${added().length} scripts`))).toBe(true);
  expect(added()).toEqual([]); // nothing before the frame
  frames.splice(0).forEach((frame) => frame());
  expect(added()).toEqual([]); // the frame is being painted
  const afterFrame = timers.find((t) => t.ms === 0)!;
  afterFrame.fn();
  expect(order).toEqual(['first, 0 scripts']);
  expect(added()).toEqual([
    ['/main.1.js', false],
    ['/other.2.js', false],
  ]);
  // The latest start (a tab in the background paints no frame) adds nothing more.
  timers.find((t) => t.ms > 0)!.fn();
  expect(added()).toHaveLength(2);
});

test('a tab in the background (no frame painted): the scripts start after a second all the same', () => {
  const { win, timers } = fakeWindow();
  startScriptsAfterPaint(document, win);
  const latest = timers.find((t) => t.ms > 0)!;
  expect(latest.ms).toBe(1000);
  latest.fn();
  expect(added().map(([src]) => src)).toEqual(['/main.1.js', '/other.2.js']);
});

test('a page the browser builds (no meta tag) is left alone', () => {
  document.head.innerHTML = '';
  const { win, frames, timers } = fakeWindow();
  expect(startScriptsAfterPaint(document, win)).toBe(false);
  expect([frames.length, timers.length]).toEqual([0, 0]);
});
