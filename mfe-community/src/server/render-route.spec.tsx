import { Suspense, useId } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { COMMUNITY, RANKING, TEACHER_PATH, TEACHER_READS } from './fixtures';
import { communityRenderer } from './renderer';

const { findRoute: findRenderedRoute, prepare: prepareRenderer, render: renderRoute, renderedRoutes: RENDERED_ROUTES } = communityRenderer;

beforeAll(() => prepareRenderer());

test('renders the routes it declares with render: true, and nothing else', () => {
  expect(RENDERED_ROUTES.map((r) => r.path)).toEqual(['/communaute', '/teacher/:id', '/ranking']);
  expect(findRenderedRoute('/teacher/1')?.params).toEqual({ id: '1' });
  expect(findRenderedRoute('/publication')).toBeNull();
  expect(renderRoute({ path: '/nowhere', lang: 'fr', reads: {}, now: 0 })).toBeNull();
});

test("a teacher's page: the name as its heading, the figures and the reviews, in the asked language, from the reads", () => {
  const fr = renderRoute({ path: TEACHER_PATH, lang: 'fr', reads: TEACHER_READS, now: Date.UTC(2026, 10, 28) })!;
  expect(fr.route).toBe('/teacher/:id');
  expect(fr.html).toMatch(/<h1[^>]*data-testid="teacher-name"[^>]*>Mme Durand<\/h1>/);
  expect(fr.html).toContain('data-testid="teacher-reviews"');
  expect(fr.html).toContain('Review number 1');
  expect(fr.html).toContain('novembre 2026');
  expect(fr.html).not.toContain('remote-loading');
  const en = renderRoute({ path: TEACHER_PATH, lang: 'en', reads: TEACHER_READS, now: 0 })!;
  expect(en.html).toContain('November 2026');
  // Nothing is left behind for the next render.
  const none = renderRoute({ path: TEACHER_PATH, lang: 'fr', reads: {}, now: 0 })!;
  expect(none.html).not.toContain('Durand');
});

test('the community and ranking pages render from their reads', () => {
  const community = renderRoute({
    path: '/communaute',
    lang: 'en',
    reads: { '/api/rating/community': COMMUNITY, '/api/teachers/ranking': RANKING },
    now: 0,
  })!;
  expect(community.html).toContain('data-testid="categories"');
  expect(community.html).toContain('data-testid="ranking-list"');
  expect(community.html).toContain('id="community-search"');
  const ranking = renderRoute({ path: '/ranking', lang: 'es', reads: { '/api/teachers/ranking': RANKING }, now: 0 })!;
  expect(ranking.html).toContain('M. Martin');
});

test('the same markup at two positions of two different trees (no useId drift)', async () => {
  const { default: routes } = await import('../routes');
  const Screen = routes['/communaute'];
  const reads = { '/api/rating/community': COMMUNITY, '/api/teachers/ranking': RANKING };
  const fragment = renderRoute({ path: '/communaute', lang: 'fr', reads, now: 0 })!.html;
  function Noise() {
    return <span id={useId()} />;
  }
  const { primeServerReads, clearPrefetched } = await import('@pupitre/api-client');
  const { initI18n, i18n } = await import('@pupitre/i18n');
  initI18n('fr');
  await i18n.changeLanguage('fr');
  primeServerReads(reads);
  const page = renderToString(
    <I18nextProvider i18n={i18n ?? i18next}>
      <MemoryRouter initialEntries={['/communaute']}>
        <Noise />
        <div>
          <Noise />
          <Suspense fallback={null}>
            <section id="slot">
              <Routes>
                <Route path="/communaute" element={<Screen />} />
              </Routes>
            </section>
          </Suspense>
        </div>
      </MemoryRouter>
    </I18nextProvider>,
  );
  clearPrefetched();
  expect(page).toContain(`<section id="slot">${fragment}</section>`);
});
