import { preloadScreens } from '@pupitre/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { findMissingKeys, i18n, initI18n } from '@pupitre/i18n';
import { parseRouteDeclarations } from '@pupitre/contracts';
import { clearSession, updateSession } from '@pupitre/session';
import { fakeApi, NO_FIGURES } from '@pupitre/review-ui/src/testing';
import { catalogues } from './i18n';
import declarations from './route-declarations.json';
import routes from './routes';

// Each page's screen is a chunk of its own (lazyScreen): loaded before the tests render them.
beforeAll(() => preloadScreens(routes));

initI18n('en');

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderRoute(url: string, pattern: keyof typeof routes) {
  const Screen = routes[pattern];
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={pattern} element={<Screen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  clearSession();
});
afterEach(() => resetApiClient());

test('exposes exactly the paths it declares to the shell (route-declarations.json, valid by the contract)', () => {
  const declared = parseRouteDeclarations(declarations);
  expect(Object.keys(routes).sort()).toEqual(declared.map((route) => route.path).sort());
});

test('adds the `review` namespace; fr, es and en catalogues have the same keys', () => {
  for (const lng of ['fr', 'es', 'en']) expect(i18n.hasResourceBundle(lng, 'review')).toBe(true);
  expect(findMissingKeys(catalogues)).toEqual([]);
});

test('/publication shows the form and the subjects with their colour', async () => {
  fakeApi((call) =>
    call.url === '/api/subjects'
      ? {
          status: 200,
          body: [
            { id: 1, name: 'Mathématiques', color: '#ff0000' },
            { id: 2, name: 'Histoire', color: '#00aa00' },
          ],
        }
      : { status: 500 },
  );
  updateSession({ email: 'a@b.c', access: 'A' });
  renderRoute('/publication', '/publication');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Publish a review');
  expect(screen.getByTestId('review-form')).toBeInTheDocument();
  expect(screen.queryByTestId('signed-out-notice')).toBeNull();
  const list = await screen.findByTestId('subject-list');
  const items = [...list.querySelectorAll('li')];
  expect(items.map((li) => li.textContent)).toEqual(['Mathématiques', 'Histoire']);
  expect(items[0]).toHaveAttribute('data-color', '#ff0000');
  expect(screen.getByTestId('mfe-review')).toHaveAttribute('data-mfe-version');
});

test("/publication signed out: a notice, and the form's own checks come before the trip to sign in", async () => {
  const api = fakeApi((call) =>
    call.url === '/api/teacher/4'
      ? {
          status: 200,
          body: {
            id: 4,
            prefix: 'Mme',
            name: 'Durand',
            rating: null,
            reviews: 0,
            ...NO_FIGURES,
            subjects: [{ id: 1, name: 'Maths', color: '#ff0000' }],
          },
        }
      : { status: 200, body: [] },
  );
  renderRoute('/publication?teacher=4', '/publication');
  expect(screen.getByTestId('signed-out-notice')).toHaveTextContent('You can fill in the form now');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth?form=login&next=%2Fpublication');
  await screen.findByTestId('teacher-clear');
  await userEvent.setup().click(screen.getByTestId('submit'));
  expect(screen.getByTestId('form-error')).toHaveAttribute('data-key', 'wrong-year');
  expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
});

test('/publication/complete: thanks, the validation note with the release time, and the three cards; the copy-link fallback', async () => {
  const user = userEvent.setup();
  const at = new Date();
  at.setHours(21, 0, 0, 0);
  const api = fakeApi((call) =>
    call.url.endsWith('/api/rating/12')
      ? {
          status: 200,
          body: {
            ...{ id: 12, teacher: 4, subject: 1, year: 2, grades: {}, tot_rating: 7, text_rating: '', is_creator: true },
            ...{ status: 'pending', public_at: at.toISOString() },
          },
        }
      : { status: 404 },
  );
  updateSession({ email: 'a@b.c', access: 'A' }); // its author, signed in
  renderRoute('/publication/complete?id=12', '/publication/complete');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thank you for your review!');
  // "validated in 10 minutes, public at the next release (HH:MM)", once the author's view says when.
  expect(screen.getByTestId('validation-note')).toHaveTextContent('Validated in 10 minutes, public at the next release.');
  await waitFor(() => expect(screen.getByTestId('validation-note')).toHaveTextContent(/public at the next release \(9:00\sPM\)/));
  expect(api.calls.map((c) => c.method)).toEqual(['GET']);
  expect(screen.getByTestId('home-card')).toContainElement(screen.getByRole('link', { name: 'Back to home' }));
  expect(screen.getByRole('link', { name: 'Publish another review' })).toHaveAttribute('href', '/publication');
  // jsdom has no navigator.share: the card copies the link instead.
  await user.click(screen.getByRole('button', { name: 'Copy the link' }));
  expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/communaute`);
  expect(screen.getByTestId('share-status')).toHaveTextContent('Link copied.');
});

test('/publication/complete uses the device share function when there is one', async () => {
  const share = jest.fn(async () => undefined);
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  try {
    renderRoute('/publication/complete?id=12', '/publication/complete');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${window.location.origin}/communaute` }));
    await waitFor(() => expect(screen.getByTestId('share-status')).toHaveTextContent('Thank you for sharing!'));
  } finally {
    delete (navigator as { share?: unknown }).share;
  }
});

test('/review/:id/edit with a bad id asks nothing; it always says the edit is validated again', () => {
  const api = fakeApi(() => ({ status: 500 }));
  renderRoute('/review/abc/edit', '/review/:id/edit');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Edit your review');
  expect(screen.getByTestId('revalidation-note')).toHaveTextContent('validated again');
  expect(screen.getByRole('alert')).toHaveTextContent('This review address is not valid.');
  expect(api.calls).toEqual([]);
});
