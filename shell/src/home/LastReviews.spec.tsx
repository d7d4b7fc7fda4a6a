import { render, screen } from '@testing-library/react';
import { resetApiClient } from '@pupitre/api-client';
import { fakeApi } from '@pupitre/api-client/src/testing';
import { initI18n } from '@pupitre/i18n';
import LastReviews from './LastReviews';

initI18n('en');
afterEach(() => resetApiClient());

const review = {
  id: 7,
  tot_rating: 8,
  text_rating: 'Clear lessons',
  relatable: 0,
  relatable_count: 0,
  teacher: { id: 1, prefix: 'Mme', name: 'Roux' },
  subject: 'Histoire',
  subject_id: 2,
  subject_color: '#aa0000',
  created_at: '2026-03-01T00:00:00.000Z',
  grades: {},
  answers: {},
};

test('a recent review says the month it was written, never how many days ago', async () => {
  fakeApi(() => ({ status: 200, body: [{ title: 'recent', reviews: [review] }, { '7': [null, false] }] }));
  render(<LastReviews />);
  const caption = await screen.findByText((_, el) => el?.tagName === 'FIGCAPTION' && /Mme Roux/.test(el.textContent ?? ''));
  expect(caption).toHaveTextContent(/^Mme Roux · Histoire · March 2026$/);
  expect(caption.closest('figure')).toHaveAttribute('data-example', 'false');
  expect(screen.getByTestId('last-reviews')).not.toHaveTextContent(/yesterday|ago|today/);
});
