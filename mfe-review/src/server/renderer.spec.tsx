import { PUBLICATION_READS, TRANSPARENCY_READS } from './fixtures';
import { reviewRenderer } from './renderer';

beforeAll(() => reviewRenderer.prepare());
const render = reviewRenderer.render;

test('renders /publication and /transparence, never a page for signed-in visitors', () => {
  expect(reviewRenderer.renderedRoutes.map((r) => r.path)).toEqual(['/publication', '/transparence']);
  for (const path of ['/moderation', '/reponses', '/review/1/edit', '/publication/complete'])
    expect(render({ path, lang: 'fr', reads: {}, now: 0 })).toBeNull();
});

test('/publication: the empty form with ids of its own, the subjects from the reads, and what it needs without JavaScript', () => {
  const texts = {
    fr: 'Ce formulaire a besoin de JavaScript',
    es: 'Este formulario necesita JavaScript',
    en: 'This form needs JavaScript',
  } as const;
  for (const lang of ['fr', 'es', 'en'] as const) {
    const page = render({ path: '/publication', lang, reads: PUBLICATION_READS, now: 0 })!;
    expect(page.route).toBe('/publication');
    expect(page.html).toContain('data-testid="review-form"');
    expect(page.html).toContain('id="rf-create-text"');
    expect(page.html).toContain('data-testid="signed-out-notice"');
    expect(page.html).toContain('Histoire');
    // Above the submit button, inside the form.
    expect(page.html).toMatch(new RegExp(`<noscript><p[^>]*data-testid="needs-javascript"[^>]*>${texts[lang]}[^<]*</p></noscript>`));
    expect(page.html.indexOf('needs-javascript')).toBeLessThan(page.html.indexOf('data-testid="submit"'));
    expect(page.html).not.toMatch(/id=":|id="«|id="_r/); // no useId
  }
});

test('/transparence: the rules and the figures, the moment in UTC whatever the server', () => {
  const en = render({ path: '/transparence', lang: 'en', reads: TRANSPARENCY_READS, now: 0 })!;
  expect(en.html).toContain('data-testid="figures"');
  expect(en.html).toContain('November 2026');
  expect(en.html).toContain('10:00 AM UTC');
  const fr = render({ path: '/transparence', lang: 'fr', reads: TRANSPARENCY_READS, now: 0 })!;
  expect(fr.html).toContain('novembre 2026');
  expect(fr.html).toContain('10:00 UTC');
});
