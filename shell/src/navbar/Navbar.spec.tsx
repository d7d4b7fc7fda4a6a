// The navbar builds its links to the remotes' pages from the route table (the remotes' manifests):
// the shell's own entries (logo, account) stay; a remote it has never heard of gets its link too.
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from '@pupitre/i18n';
import { buildRouteTable, type RemoteRouteTable } from '@pupitre/mf-runtime';
import { clearSession, updateSession } from '@pupitre/session';
import { RemoteRoutesProvider, type RemoteRoutesSource } from '../remote-routes';
import { Navbar } from './Navbar';
import { navLinkItems, seesLink } from './nav-links';

initI18n('en');

const words = (en: string) => ({ fr: `${en} (fr)`, es: `${en} (es)`, en });
const page = (path: string) => ({ path, title: words(path) });

const TABLE: RemoteRouteTable = buildRouteTable(
  [
    [
      'review',
      {
        routes: [page('/publication'), page('/moderation')],
        nav: [
          { path: '/publication', label: words('Publish'), order: 20, audience: 'everyone', style: 'button' },
          { path: '/moderation', label: words('Moderation'), order: 40, audience: 'staff' },
        ],
      },
    ],
    [
      'community',
      { routes: [page('/communaute')], nav: [{ path: '/communaute', label: words('Community'), order: 10, audience: 'everyone' }] },
    ],
    [
      'extra_team',
      {
        routes: [page('/extra'), page('/welcome')],
        nav: [
          { path: '/extra', label: words('Extra'), order: 30, audience: 'signed-in' },
          { path: '/welcome', label: words('Welcome'), order: 30, audience: 'signed-out' },
        ],
      },
    ],
    ['account', new Error('HTTP 503')],
  ],
  ['/'],
  () => undefined,
);

/** A token whose payload carries `roles` (the signature is the server's business). */
const tokenWith = (roles: string[]) => `h.${btoa(JSON.stringify({ roles })).replace(/=+$/, '')}.s`;

function renderNavbar(source: RemoteRoutesSource = async () => TABLE) {
  return render(
    <MemoryRouter initialEntries={['/communaute']}>
      <RemoteRoutesProvider source={source}>
        <Navbar />
      </RemoteRoutesProvider>
    </MemoryRouter>,
  );
}

const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);

let compact = false;
beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: compact,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as never;
});
afterEach(() => {
  compact = false;
  clearSession();
  localStorage.clear();
  void i18n.changeLanguage('en');
});

/** The wide bar (both bars are in the page; CSS shows one by the screen's width). */
const wide = () => within(screen.getByTestId('navbar'));

test("the remotes' links in their declared order, between the logo and the account entry, the button styled as one", async () => {
  renderNavbar();
  const nav = screen.getByTestId('navbar');
  await wide().findByRole('link', { name: 'Community' });
  expect(linkNames(nav)).toEqual(['Pupitre', 'Community', 'Publish', 'Welcome', '']);
  expect(wide().getByRole('link', { name: 'Community' })).toHaveAttribute('aria-current', 'page');
  expect(wide().getByRole('link', { name: 'Publish' })).toHaveClass('pp-button');
  expect(wide().getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
});

test("no remote link while the table is loading; the shell's own entries are there at once", () => {
  renderNavbar(() => new Promise(() => undefined));
  expect(wide().getByTestId('logo')).toBeInTheDocument();
  expect(wide().getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  expect(wide().queryByRole('link', { name: 'Community' })).not.toBeInTheDocument();
});

test('signed in: the signed-in links, not the signed-out ones; staff links for moderators only', async () => {
  updateSession({ email: 'a@b.c', access: tokenWith(['user']) });
  const { unmount } = renderNavbar();
  await wide().findByRole('link', { name: 'Extra' });
  expect(wide().queryByRole('link', { name: 'Welcome' })).not.toBeInTheDocument();
  expect(wide().queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
  unmount();
  updateSession({ email: 'a@b.c', access: tokenWith(['moderator']) });
  renderNavbar();
  expect(linkNames(screen.getByTestId('navbar'))).toEqual(['Pupitre']); // before the table
  await wide().findByRole('link', { name: 'Moderation' });
  expect(linkNames(screen.getByTestId('navbar'))).toEqual(['Pupitre', 'Community', 'Publish', 'Extra', 'Moderation']);
});

test("labels are the remote's, in the page's language", async () => {
  await act(() => i18n.changeLanguage('es'));
  renderNavbar();
  expect(await wide().findByRole('link', { name: 'Community (es)' })).toHaveAttribute('href', '/communaute');
  expect(wide().getByRole('link', { name: 'Publish (es)' })).toBeInTheDocument();
});

test('the compact menu opens the same links, then the account entries', async () => {
  compact = true;
  renderNavbar();
  const nav = screen.getByTestId('navbar-compact');
  fireEvent.click(within(nav).getByRole('button', { name: 'Menu' }));
  await within(nav).findByRole('link', { name: 'Community' });
  expect(linkNames(nav)).toEqual(['Pupitre', 'Community', 'Publish', 'Welcome', 'Sign in']);
});

test('who sees a link', () => {
  const out = { email: null, access: null };
  const user = { email: 'a@b.c', access: tokenWith(['user']) };
  const admin = { email: 'a@b.c', access: tokenWith(['admin']) };
  expect(
    ['everyone', 'signed-in', 'signed-out', 'staff'].map((a) => [
      seesLink(a as never, out),
      seesLink(a as never, user),
      seesLink(a as never, admin),
    ]),
  ).toEqual([
    [true, true, true],
    [false, true, true],
    [true, false, false],
    [false, false, true],
  ]);
  expect(seesLink('staff', { email: 'a@b.c', access: 'not a token' })).toBe(false);
  expect(seesLink('staff', { email: null, access: tokenWith(['admin']) })).toBe(false);
});

test('an unknown language falls back to French; the style defaults to a link', () => {
  expect(navLinkItems(TABLE.nav.slice(0, 1), { email: null, access: null }, 'de')).toEqual([
    { path: '/communaute', label: 'Community (fr)', style: 'link' },
  ]);
});
