import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApiClient, resetApiClient } from '@pupitre/api-client';
import { findMissingKeys, i18n, initI18n } from '@pupitre/i18n';
import { ROUTE_OWNERSHIP } from '@pupitre/mf-runtime';
import { catalogues } from './i18n';
import routes from './routes';

initI18n('en');

function serve(answers: Record<string, unknown>) {
  const fetch = jest.fn(async (url: string) => {
    const found = url in answers;
    return { status: found ? 200 : 500, ok: found, text: async () => (found ? JSON.stringify(answers[url]) : '') } as unknown as Response;
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

test('exposes exactly the paths the ownership table gives to review', () => {
  expect(Object.keys(routes).sort()).toEqual([...ROUTE_OWNERSHIP.review].sort());
});

test('adds the `review` namespace; fr, es and en catalogues have the same keys', () => {
  for (const lng of ['fr', 'es', 'en']) expect(i18n.hasResourceBundle(lng, 'review')).toBe(true);
  expect(findMissingKeys(catalogues)).toEqual([]);
});

test('/publication lists the subjects with their colour', async () => {
  serve({ '/api/subjects': [{ id: 1, name: 'Mathématiques', color: '#ff0000' }, { id: 2, name: 'Histoire', color: '#00aa00' }] });
  renderRoute('/publication', '/publication');
  const list = await screen.findByTestId('subject-list');
  const items = [...list.querySelectorAll('li')];
  expect(items.map((li) => li.textContent)).toEqual(['Mathématiques', 'Histoire']);
  expect(items[0]).toHaveAttribute('data-color', '#ff0000');
  expect(screen.getByTestId('mfe-review')).toBeInTheDocument();
  expect(screen.getByTestId('mfe-version')).toHaveTextContent('review');
});

test.each([
  ['/publication/complete?id=3', '/publication/complete', 'Thank you for your review!'],
  ['/review/3/edit', '/review/:id/edit', 'Edit your review'],
] as const)('%s has a real heading', (url, pattern, heading) => {
  renderRoute(url, pattern);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  expect(screen.getByTestId('mfe-review')).toBeInTheDocument();
});
