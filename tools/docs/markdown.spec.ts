// Every markdown file stays short enough to read (400 lines at most), and its relative links lead somewhere: the file
// exists and, for a link with `#anchor` to a markdown file, a heading of that file has that anchor.
import fs from 'node:fs';
import path from 'node:path';
import { anchorOf, anchorsOf, markdownFiles, relativeLinksOf, ROOT } from './markdown-files';

const MAX_LINES = 400;
// Fixtures that are broken on purpose (they test the checks that read them).
const FIXTURES = [/^tools\/security\/fixtures\//];

const files = markdownFiles().filter((f) => !FIXTURES.some((re) => re.test(f)));
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

it('finds the markdown files', () => {
  expect(files).toEqual(expect.arrayContaining(['README.md', 'services/README.md', 'infra/README.md', 'docs/review-lifecycle.md']));
});

it(`has no markdown file over ${MAX_LINES} lines`, () => {
  const long = files
    .map((f) => ({ f, lines: read(f).replace(/\n$/, '').split('\n').length }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ f, lines }) => `${f}: ${lines} lines`);
  expect(long).toEqual([]);
});

it('has no relative markdown link to a missing file or heading', () => {
  const broken: string[] = [];
  for (const file of files) {
    const markdown = read(file);
    for (const link of relativeLinksOf(markdown)) {
      const [rawTarget, anchor] = link.split('#', 2);
      const target = decodeURIComponent(rawTarget);
      const resolved = target === '' ? file : path.normalize(path.join(path.dirname(file), target));
      const full = path.join(ROOT, resolved);
      if (!fs.existsSync(full)) {
        broken.push(`${file}: ${link} (no ${resolved})`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor.toLowerCase()))
        broken.push(`${file}: ${link} (no heading #${anchor} in ${resolved})`);
    }
  }
  expect(broken).toEqual([]);
});

it('computes anchors as GitHub does', () => {
  expect(anchorOf('Images: built, started and checked here (`npm run images`, `npm run images:check`)')).toBe(
    'images-built-started-and-checked-here-npm-run-images-npm-run-imagescheck',
  );
  expect(anchorsOf('# A\n\n```\n# not\n```\n## A\n')).toEqual(new Set(['a', 'a-1']));
});
