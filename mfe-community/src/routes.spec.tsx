import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApiClient, resetApiClient } from '@pupitre/api-client';
import { findMissingKeys, i18n, initI18n } from '@pupitre/i18n';
import { ROUTE_OWNERSHIP } from '@pupitre/mf-runtime';
import { catalogues } from './i18n';
import routes from './routes';
import { formatRankingEntry } from './screens/RankingList';
import { stars } from './screens/TeacherPage';

initI18n('en');

// jsdom has no Response: a minimal stand-in for the request helper.
function serve(answers: Record<string, unknown>) {
  const fetch = jest.fn(async (url: string) => {
    const found = url in answers;
    return { status: found ? 200 : 404, ok: found, text: async () => (found ? JSON.stringify(answers[url]) : '') } as unknown as Response;
  });
  configureApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, navigate: jest.fn(), notify: jest.fn(), schedule: jest.fn() });
  return fetch;
}

function renderRoute(url: string, pattern: keyof typeof routes) {
  const Screen = routes[pattern];
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={<Screen />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => resetApiClient());

test('exposes exactly the paths the ownership table gives to community', () => {
  expect(Object.keys(routes).sort()).toEqual([...ROUTE_OWNERSHIP.community].sort());
  for (const Screen of Object.values(routes)) expect(typeof Screen).toBe('function');
});

test('adds the `community` namespace to the shared i18n instance', () => {
  expect(i18n.hasResourceBundle('fr', 'community')).toBe(true);
  expect(i18n.hasResourceBundle('es', 'community')).toBe(true);
  expect(i18n.hasResourceBundle('en', 'community')).toBe(true);
});

test('fr, es and en catalogues have the same keys', () => {
  expect(findMissingKeys(catalogues)).toEqual([]);
});

test('/communaute lists the ranking: "prefix name — rating" with one decimal, in order', async () => {
  const fetch = serve({
    '/api/teachers/ranking': [
      { id: 4, prefix: 'Mme', name: 'Durand', subjects: ['Maths'], rating: 8.46 },
      { id: 9, prefix: 'M.', name: 'Martin', subjects: [], rating: 7 },
    ],
  });
  renderRoute('/communaute', '/communaute');
  const list = await screen.findByTestId('ranking-list');
  expect(list.tagName).toBe('OL');
  const items = [...list.querySelectorAll('li')].map((li) => li.textContent);
  expect(items).toEqual(['Mme Durand — 8.5', 'M. Martin — 7.0']);
  expect(screen.getByTestId('mfe-community')).toBeInTheDocument();
  expect(screen.getByTestId('mfe-version')).toHaveTextContent('community');
  expect(fetch).toHaveBeenCalledWith('/api/teachers/ranking', expect.anything());
});

test('/ranking shows "Loading..." and then the list with subjects', async () => {
  serve({ '/api/teachers/ranking': [{ id: 1, prefix: 'Mme', name: 'Roux', subjects: ['Histoire', 'Géographie'], rating: 9 }] });
  renderRoute('/ranking', '/ranking');
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  expect(await screen.findByTestId('ranking-list')).toHaveTextContent('Mme Roux — 9.0 · Histoire, Géographie');
});

test('/teacher/:id shows the teacher, its rating and its subjects', async () => {
  serve({
    '/api/teacher/4': { id: 4, prefix: 'Mme', name: 'Durand', rating: 7, reviews: 3, subjects: [{ id: 1, name: 'Maths', color: '#ff0000' }] },
  });
  renderRoute('/teacher/4', '/teacher/:id');
  expect(await screen.findByTestId('teacher-name')).toHaveTextContent('Mme Durand');
  expect(screen.getByText(/7\.0 \/ 10/)).toBeInTheDocument();
  expect(screen.getByTestId('teacher-subjects')).toHaveTextContent('Maths');
});

test('/teacher/:id with a bad id asks nothing', () => {
  const fetch = serve({});
  renderRoute('/teacher/abc', '/teacher/:id');
  expect(screen.getByRole('alert')).toHaveTextContent('This teacher address is not valid.');
  expect(fetch).not.toHaveBeenCalled();
});

test('an API failure shows a retry', async () => {
  serve({});
  renderRoute('/ranking', '/ranking');
  expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('formatting helpers', () => {
  expect(formatRankingEntry({ prefix: '', name: 'Solo', rating: 10 })).toBe('Solo — 10.0');
  expect(stars(7)).toBe('★★★½☆');
  expect(stars(0)).toBe('☆☆☆☆☆');
  expect(stars(10)).toBe('★★★★★');
});
