import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { renderToString } from 'react-dom/server';
import { Bar, percentLength } from './Bar';

// Issue #39 renders pages on the server under the same CSP (style-src without 'unsafe-inline',
// ADR 0008): a `style` prop becomes a style attribute there, which the browser blocks. No
// component of the app sets one (eslint.config.mjs says so too); each figure's own test renders
// it to HTML and checks. This one reads every front-end source, so none comes back unnoticed.

const ROOT = join(__dirname, '../../..');
const SOURCES = ['shell/src', 'mfe-community/src', 'mfe-review/src', 'mfe-account/src', 'libs'];

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist'].includes(entry.name)) yield* sources(path);
    } else if (/\.tsx$/.test(entry.name) && !/\.spec\.tsx$/.test(entry.name)) yield path;
  }
}

test('no front-end component passes a style prop (JSX `style=`, or `style:` in createElement props)', () => {
  const files = SOURCES.flatMap((dir) => [...sources(join(ROOT, dir))]);
  expect(files.length).toBeGreaterThan(50);
  const found = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, at: `${relative(ROOT, file)}:${index + 1}` }))
      .filter(({ line }) => /(^|[\s{(])style=|createElement\([^)]*\bstyle:/.test(line))
      .map(({ at, line }) => `${at}: ${line.trim()}`),
  );
  expect(found).toEqual([]);
});

test('a bar carries its length as an SVG attribute, never a style attribute', () => {
  const html = renderToString(
    <>
      <Bar className="pp-meter__fill" width={62.5} />
      <Bar className="bar" height={100 / 3} />
    </>,
  );
  expect(html).not.toMatch(/\sstyle=/);
  expect(html).toContain('width="62.5%"');
  expect(html).toContain('height="33.33%"');
  expect(html).toContain('aria-hidden="true"');
});

test('percent lengths are clamped to 0–100 and rounded to two decimals', () => {
  expect(percentLength(-4)).toBe('0%');
  expect(percentLength(140)).toBe('100%');
  expect(percentLength(Number.NaN)).toBe('0%');
  expect(percentLength(66.6666)).toBe('66.67%');
  expect(percentLength(0)).toBe('0%');
});
