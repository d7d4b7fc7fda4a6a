import { renderToString } from 'react-dom/server';
import { initI18n } from '@pupitre/i18n';
import { registerReviewUi } from './i18n';
import { ChevronIcon, ThumbIcon } from './icons';
import { RelatableBar } from './RelatableBar';
import { SubjectChip } from './SubjectChip';

initI18n('en');
registerReviewUi();

// Server-rendered HTML may carry no style attribute (CSP, ADR 0008, issue #39): data goes into SVG
// attributes (a bar's width, a subject's colour, a flipped icon's transform).
const html = (node: React.ReactElement) => {
  const out = renderToString(node);
  expect(out).not.toMatch(/\sstyle=/);
  return out;
};

test('the subject chip draws its colour as SVG fills: the ring round the chip and the swatch', () => {
  const out = html(<SubjectChip name="Maths" color="#1e88e5" />);
  expect(out.match(/fill="#1e88e5"/g)).toHaveLength(2);
  expect(out).toContain('data-color="#1e88e5"');
  expect(out).toContain('Maths');
});

test('a colour that is not #rrggbb is not drawn: the chip keeps its grey border', () => {
  for (const color of [undefined, 'red', 'url(#x)', '#12345', '#1e88e5;background:red', 'javascript:alert(1)']) {
    const out = html(<SubjectChip name="Maths" color={color} />);
    expect(out).not.toMatch(/fill=/);
    expect(out).not.toContain('chipRing');
    expect(out).toContain('chipPlain');
  }
});

test('the relatable bar: a meter whose fill width is the percent', () => {
  const out = html(<RelatableBar percent={67} count={3} />);
  expect(out).toContain('aria-valuenow="67"');
  expect(out).toContain('<svg class="barFill" width="67%" aria-hidden="true" focusable="false">');
});

test('flipped icons turn their drawing with an SVG transform attribute', () => {
  expect(html(<ThumbIcon down />)).toContain('transform="rotate(180 12 12)"');
  expect(html(<ThumbIcon />)).not.toContain('transform');
  expect(html(<ChevronIcon up />)).toContain('transform="rotate(180 12 12)"');
  expect(html(<ChevronIcon />)).not.toContain('transform');
});
