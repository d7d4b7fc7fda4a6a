import { preloadScreens } from '@pupitre/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { fakeRoutes } from '@pupitre/api-client/src/testing';
import { findMissingKeys, i18n, initI18n } from '@pupitre/i18n';
import { parseRouteDeclarations } from '@pupitre/contracts';
import { catalogues } from './i18n';
import declarations from './route-declarations.json';
import routes from './routes';

// Each page's screen is a chunk of its own (lazyScreen): loaded before the tests render them.
beforeAll(() => preloadScreens(routes));

initI18n('en');

/** 200 answers by path (checked against the contract); anything else is a 502. */
function serve(answers: Record<string, unknown>) {
  const { fetch, navigate, notify, schedule } = fakeRoutes(
    Object.fromEntries(Object.entries(answers).map(([url, body]) => [url, { status: 200, body }])),
  );
  return { fetch, reactions: { navigate, notify, schedule } };
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

test('exposes exactly the paths it declares to the shell (route-declarations.json, valid by the contract)', () => {
  const declared = parseRouteDeclarations(declarations);
  expect(Object.keys(routes).sort()).toEqual(declared.map((route) => route.path).sort());
});

test('adds the `account` namespace; fr, es and en catalogues have the same keys', () => {
  for (const lng of ['fr', 'es', 'en']) expect(i18n.hasResourceBundle(lng, 'account')).toBe(true);
  expect(findMissingKeys(catalogues)).toEqual([]);
});

test('/auth says nothing of the account service while it is fine, and warns in plain words when it is not', async () => {
  localStorage.setItem('access', 'tok');
  const { fetch } = serve({ '/auth/health': { service: 'auth', status: 'ok', version: '0.1.0', checks: { database: 'up', redis: 'up' } } });
  const { unmount } = renderRoute('/auth', '/auth');
  const health = screen.getByTestId('auth-health');
  await waitFor(() => expect(health).toHaveAttribute('data-status', 'ok'));
  expect(health).toBeEmptyDOMElement();
  expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('Authorization');
  expect(screen.getByTestId('mfe-account')).toBeInTheDocument();
  expect(screen.queryByText(/account 0\.1|Account service/)).toBeNull();
  unmount();
  localStorage.clear();
  const { reactions } = serve({});
  renderRoute('/auth', '/auth');
  expect(await screen.findByRole('status')).toHaveTextContent('Signing in is having trouble right now');
  expect(reactions.navigate).not.toHaveBeenCalled();
});

test.each([
  ['/me', '/me', 'My profile'],
  ['/me/favorites', '/me/favorites', 'My favourites'],
  ['/me/reviews', '/me/reviews', 'My reviews'],
  ['/activate/MQ/abc', '/activate/:uid/:token', 'Account activation'],
  ['/password/reset/confirm/MQ/abc', '/password/reset/confirm/:uid/:token', 'Choose a new password'],
] as const)('%s has a real heading', (url, pattern, heading) => {
  localStorage.setItem('email', 'me@b.co');
  renderRoute(url, pattern);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
  expect(screen.getByTestId('mfe-account')).toHaveAttribute('data-mfe-version');
  localStorage.clear();
});
