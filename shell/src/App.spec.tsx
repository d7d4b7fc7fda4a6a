import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation, useParams } from 'react-router';
import { initI18n } from '@pupitre/i18n';
import {
  buildRouteTable,
  RemoteLoaderProvider,
  type RemoteLoader,
  type RemoteDeclarations,
  type RemoteName,
  type RemoteRouteMap,
  type RemoteRouteTable,
} from '@pupitre/mf-runtime';
import { AppRoutes } from './App';
import { RemoteRoutesProvider, type RemoteRoutesSource } from './remote-routes';
import { SHELL_PATHS } from './route-table';

initI18n('en');

// jsdom has no matchMedia (the navbar and the carousel ask it).
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as never;
});

const title = (en: string) => ({ fr: `${en} (fr)`, es: `${en} (es)`, en });
/** What the remotes' manifests declare, as the shell receives them (a sample: the shell knows none of it). */
const DECLARED: [RemoteName, RemoteDeclarations['routes'] | RemoteDeclarations][] = [
  [
    'community',
    {
      routes: [
        { path: '/communaute', title: title('Community') },
        { path: '/teacher/:id', title: title('Teacher') },
      ],
      nav: [{ path: '/communaute', label: title('Community'), order: 10, audience: 'everyone' }],
    },
  ],
  [
    'review',
    {
      routes: [
        { path: '/publication', title: title('Publish a review') },
        { path: '/review/:id/edit', title: title('Edit a review'), signIn: true },
      ],
      nav: [{ path: '/publication', label: title('Publish'), order: 20, audience: 'everyone', style: 'button' }],
    },
  ],
  [
    'account',
    [
      { path: '/auth', title: title('Sign in'), footer: false },
      { path: '/me/favorites', title: title('My favourites'), signIn: true },
      { path: '/activate/:uid/:token', title: title('Account activation') },
    ],
  ],
];
const TABLE: RemoteRouteTable = buildRouteTable(DECLARED, SHELL_PATHS);
const pathsOf = (remote: RemoteName) => TABLE.routes.filter((route) => route.remote === remote).map((route) => route.path);

/** Each remote answers with a screen per declared path that prints its owner, pattern and params. */
function echoRoutes(remote: RemoteName): RemoteRouteMap {
  return Object.fromEntries(
    pathsOf(remote).map((pattern) => [
      pattern,
      function Echo() {
        const params = useParams();
        const { pathname, search } = useLocation();
        return <p data-testid="echo">{`${remote} ${pattern} ${pathname}${search} ${JSON.stringify(params)}`}</p>;
      },
    ]),
  );
}

const loader: RemoteLoader = {
  load: async (remote) => echoRoutes(remote),
  peek: () => undefined,
  invalidate: () => undefined,
};

function renderAt(url: string, source: RemoteRoutesSource = async () => TABLE) {
  return render(
    <RemoteLoaderProvider loader={loader}>
      <MemoryRouter initialEntries={[url]}>
        <RemoteRoutesProvider source={source}>
          <AppRoutes />
        </RemoteRoutesProvider>
      </MemoryRouter>
    </RemoteLoaderProvider>,
  );
}

const concrete = (pattern: string) => pattern.replace(/:([a-z]+)/g, (_m, name: string) => `${name}-1`);

test("a remote may not take a shell path or another remote's path", () => {
  const report = jest.fn();
  const table = buildRouteTable(
    [
      [
        'community',
        [
          { path: '/admin', title: title('Mine') },
          { path: '/ranking', title: title('Ranking') },
        ],
      ],
      ['review', [{ path: '/ranking', title: title('Also mine') }]],
    ],
    SHELL_PATHS,
    report,
  );
  expect(table.routes.map((route) => [route.remote, route.path])).toEqual([['community', '/ranking']]);
  expect(report).toHaveBeenCalledTimes(2);
});

describe.each(TABLE.routes.filter((route) => !route.signIn).map((route) => [route.remote, route.path] as const))(
  '%s declares %s',
  (remote, pattern) => {
    test('the shell renders that remote’s component for the path, with its params', async () => {
      const url = concrete(pattern);
      renderAt(url);
      const echo = await screen.findByTestId('echo');
      const params = Object.fromEntries([...pattern.matchAll(/:([a-z]+)/g)].map((m) => [m[1], `${m[1]}-1`]));
      expect(echo).toHaveTextContent(`${remote} ${pattern} ${url} ${JSON.stringify(params)}`);
      expect(screen.getByTestId('navbar')).toBeInTheDocument();
    });
  },
);

test.each([
  ['/', 'home'],
  ['/conditions-service', 'legal-terms'],
  ['/politique-des-cookies', 'legal-cookies'],
  ['/politique-de-privacite', 'legal-privacy'],
  ['/admin', 'admin'],
  ['/nowhere/at/all', 'not-found'],
])('the shell renders its own page at %s', async (url, testId) => {
  renderAt(url);
  expect(await screen.findByTestId(testId)).toBeInTheDocument();
  expect(screen.queryByTestId('echo')).not.toBeInTheDocument();
});

test('a page declared for signed-in visitors sends the others to /auth, and back after signing in', async () => {
  renderAt('/me/favorites');
  expect(await screen.findByTestId('echo')).toHaveTextContent('account /auth /auth?next=%2Fme%2Ffavorites');
});

test('until the remotes are known an unclaimed path is loading; when one is unreadable it shows the unavailable panel', async () => {
  renderAt('/somewhere', () => new Promise(() => undefined));
  expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
  renderAt('/somewhere-else', async () => ({ routes: [], nav: [], unavailable: ['review'] }));
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
});

test('navbar links (from the remotes) and footer links', async () => {
  renderAt('/');
  expect(await screen.findByRole('link', { name: 'Community' })).toHaveAttribute('href', '/communaute');
  expect(screen.getByRole('link', { name: 'Publish' })).toHaveAttribute('href', '/publication');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  expect(screen.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/conditions-service');
  expect(screen.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute('href', '/politique-des-cookies');
  expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/politique-de-privacite');
  expect(screen.getByRole('link', { name: 'Follow us' })).toHaveAttribute('href', expect.stringMatching(/^https:/));
  expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  expect(screen.getByRole('link', { name: 'Support Pupitre' })).toHaveAttribute('href', expect.stringMatching(/^https:/));
});

test.each([
  ['/auth', 'echo'],
  ['/admin', 'admin'],
])('no footer on %s', async (url, testId) => {
  renderAt(url);
  await screen.findByTestId(testId);
  expect(screen.queryByTestId('footer')).not.toBeInTheDocument();
});

test('footer on other pages', async () => {
  renderAt('/communaute');
  await screen.findByTestId('echo');
  expect(screen.getByTestId('footer')).toBeInTheDocument();
});

test('signed in, the account icon opens a menu with profile, settings and Logout', () => {
  localStorage.setItem('email', 'a@b.c');
  renderAt('/');
  expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  const button = screen.getByRole('button', { name: 'My account' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  fireEvent.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/me');
  expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByTestId('account-menu')).not.toBeInTheDocument();
  localStorage.clear();
});

test('the page title is the product name and the title the remote declares, in the page language', async () => {
  localStorage.setItem('email', 'a@b.c');
  renderAt('/me/favorites');
  await screen.findByTestId('echo');
  expect(document.title).toBe('Pupitre · My favourites');
  localStorage.clear();
});

test('the logo links to the home anchor from other pages', async () => {
  renderAt('/communaute');
  await screen.findByTestId('echo');
  expect(within(screen.getByTestId('navbar')).getByRole('link', { name: 'Pupitre, home' })).toHaveAttribute(
    'href',
    '/#Home-Presentation-Container',
  );
});

test('on /, the logo scrolls smoothly to the top', () => {
  const scrollTo = jest.fn();
  window.scrollTo = scrollTo as never;
  renderAt('/');
  fireEvent.click(within(screen.getByTestId('navbar')).getByRole('link', { name: 'Pupitre, home' }));
  expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
});
