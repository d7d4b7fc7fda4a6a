import { renderToString } from 'react-dom/server';
import { i18n, initI18n } from '@pupitre/i18n';
import { catalogues, NAMESPACE } from '../../i18n';
import { AnswerShares } from './AnswerShares';
import { CriteriaAverages } from './CriteriaAverages';
import { RatingSpread } from './RatingSpread';
import { YearBreakdown } from './YearBreakdown';

initI18n('en');
i18n.addResourceBundle('en', NAMESPACE, catalogues.en);

// Server-rendered HTML may carry no style attribute (CSP, ADR 0008, issue #39): each bar is an
// <svg> whose width or height attribute is the value.
const html = (node: React.ReactElement) => {
  const out = renderToString(node);
  expect(out).not.toMatch(/\sstyle=/);
  return out;
};

test('the spread of ratings: each bar as tall as its share of the most frequent rating', () => {
  const out = html(<RatingSpread distribution={[0, 0, 0, 0, 0, 0, 1, 3, 0, 0, 2]} />);
  const bars = [...out.matchAll(/<svg class="spreadBar pp-ramp-(\d)" height="([\d.]+%)" aria-hidden="true"/g)];
  expect(bars.map(([, , height]) => height)).toEqual(['0%', '0%', '0%', '0%', '0%', '0%', '33.33%', '100%', '0%', '0%', '66.67%']);
  expect(bars.map(([, ramp]) => Number(ramp))).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
});

test('criteria, yes shares and the year breakdown: meters whose fill width is the value', () => {
  const criteria = html(<CriteriaAverages criteria={{ clarte: 8.6, methodes: null }} />);
  expect(criteria).toContain('<svg class="pp-meter__fill pp-ramp-4" width="86%"');
  const answers = html(<AnswerShares answers={{ ponctuel: 67, aide: 0, greves: null }} />);
  expect(answers).toContain('<svg class="pp-meter__fill" width="67%"');
  expect(answers).toContain('<svg class="pp-meter__fill" width="0%"');
  const years = html(<YearBreakdown groups={[{ years: [6, 5, 4, 3], reviews: 12, rating: 7.4 }]} until="2026-11-01T00:00:00.000Z" />);
  expect(years).toContain('<svg class="pp-meter__fill pp-ramp-4" width="74%"');
});
