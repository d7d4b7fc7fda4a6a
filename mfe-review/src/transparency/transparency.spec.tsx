import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { i18n, initI18n } from '@pupitre/i18n';
import { fakeApi } from '@pupitre/review-ui/src/testing';
import '../routes';
import { month } from '../server/fixtures';
import { TransparencyPage } from './TransparencyPage';

initI18n('en');
afterEach(() => resetApiClient());

test('the rules and the monthly figures, newest month first, without signing in', async () => {
  const api = fakeApi(() => ({
    status: 200,
    body: {
      generated_at: '2026-11-23T10:00:00.000Z',
      months: [
        month('2026-10', { published: 3 }),
        month('2026-11', {
          published: 5,
          held: 2,
          removed: 1,
          reports: 4,
          reports_kept: 2,
          reports_removed: 1,
          median_hours_to_decision: 3.5,
        }),
      ],
    },
  }));
  render(
    <MemoryRouter>
      <TransparencyPage />
    </MemoryRouter>,
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Transparency');
  expect(screen.getByText('not about teaching')).toBeInTheDocument();
  const rows = within(await screen.findByTestId('figures')).getAllByRole('row');
  expect(rows[1]).toHaveAttribute('data-month', '2026-11');
  expect(rows[1]).toHaveTextContent(/November 2026\s*5\s*2\s*1\s*4\s*2\s*1\s*3.5 h/);
  expect(rows[2]).toHaveTextContent('–');
  expect(api.calls).toEqual([{ method: 'GET', url: '/api/transparency', body: undefined }]);
});

test('in French and Spanish too; before the first computation, a note', async () => {
  fakeApi(() => ({ status: 200, body: { generated_at: null, months: [] } }));
  await i18n.changeLanguage('fr');
  render(
    <MemoryRouter>
      <TransparencyPage />
    </MemoryRouter>,
  );
  expect(await screen.findByTestId('figures-none')).toHaveTextContent('pas encore été calculés');
  await i18n.changeLanguage('en');
});
