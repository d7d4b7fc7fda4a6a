// The sessions of /settings: this device first and marked, dates in the reader's language, each
// other session signed out on its own or all at once.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { fakeRoutes } from '@pupitre/api-client/src/testing';
import { ACCOUNT_SESSIONS_PATH, accountSessionPath, END_OTHER_SESSIONS_PATH } from '@pupitre/contracts';
import { addNamespace, initI18n, setLanguage } from '@pupitre/i18n';
import { catalogues } from '../../i18n';
import { END_OTHERS_PATH, sessionPath, SESSIONS_PATH } from '../../api';
import { SessionsPanel } from './SessionsPanel';

initI18n('en');
addNamespace('account', catalogues);
afterEach(async () => {
  resetApiClient();
  await setLanguage('en');
});

const HERE = '5f0c8a8e-1111-4000-8000-000000000001';
const PHONE = '5f0c8a8e-2222-4000-8000-000000000002';
const OLD = '5f0c8a8e-3333-4000-8000-000000000003';
const SESSIONS = [
  {
    id: PHONE,
    device: { kind: 'phone', browser: 'Safari', os: 'iOS' },
    signedInMonth: '2026-10',
    lastUsedDay: '2026-11-27',
    current: false,
  },
  {
    id: HERE,
    device: { kind: 'desktop', browser: 'Firefox', os: 'Linux' },
    signedInMonth: '2026-11',
    lastUsedDay: '2026-11-28',
    current: true,
  },
  {
    id: OLD,
    device: { kind: 'unknown', browser: 'Other', os: 'Other' },
    signedInMonth: '2026-09',
    lastUsedDay: '2026-09-30',
    current: false,
  },
];

const renderPanel = () =>
  render(
    <MemoryRouter>
      <SessionsPanel />
    </MemoryRouter>,
  );

test('the paths are the contract’s', () => {
  expect(SESSIONS_PATH).toBe(ACCOUNT_SESSIONS_PATH);
  expect(END_OTHERS_PATH).toBe(END_OTHER_SESSIONS_PATH);
  expect(sessionPath(HERE)).toBe(accountSessionPath(HERE));
});

test('lists the sessions, this device first and marked, with device, browser, system and dates', async () => {
  fakeRoutes({ 'GET /auth/sessions': { status: 200, body: SESSIONS } });
  renderPanel();
  const items = await screen.findAllByTestId('session');
  expect(items.map((i) => i.getAttribute('data-current'))).toEqual(['true', 'false', 'false']);
  expect(items[0]).toHaveTextContent('Firefox on Linux · computer · This device');
  expect(items[0]).toHaveTextContent(/Signed in November 2026 · last used (November 28, 2026|28 November 2026)/);
  expect(within(items[0]).queryByRole('button')).toBeNull();
  expect(items[1]).toHaveTextContent('Safari on iOS · phone');
  expect(items[2]).toHaveTextContent('Unknown browser · device');
  // Each "Sign out" button is described by its session.
  const button = within(items[1]).getByRole('button', { name: 'Sign out' });
  expect(button).toHaveAccessibleDescription(/Safari on iOS · phone/);
});

test('in French, the dates are written as French readers do', async () => {
  await setLanguage('fr');
  fakeRoutes({ 'GET /auth/sessions': { status: 200, body: SESSIONS } });
  renderPanel();
  const items = await screen.findAllByTestId('session');
  expect(items[0]).toHaveTextContent('Firefox sous Linux · ordinateur · Cet appareil');
  expect(items[0]).toHaveTextContent('Connexion en novembre 2026 · dernière utilisation le 28 novembre 2026');
});

test('signs one session out, then reads the list again', async () => {
  const api = fakeRoutes({
    'GET /auth/sessions': { status: 200, body: SESSIONS },
    [`DELETE /auth/sessions/${PHONE}`]: { status: 204 },
  });
  renderPanel();
  const items = await screen.findAllByTestId('session');
  fireEvent.click(within(items[1]).getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('That session was signed out.')).toBeInTheDocument();
  await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain(`DELETE /auth/sessions/${PHONE}`);
});

test('a session that had already ended is gone all the same (404: no popup, no leaving the page)', async () => {
  const api = fakeRoutes({
    'GET /auth/sessions': { status: 200, body: SESSIONS },
    [`DELETE /auth/sessions/${PHONE}`]: { status: 404, body: { error: 'not-found' } },
  });
  renderPanel();
  const items = await screen.findAllByTestId('session');
  fireEvent.click(within(items[1]).getByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('That session was signed out.')).toBeInTheDocument();
  expect(api.navigate).not.toHaveBeenCalled();
  expect(api.notify).not.toHaveBeenCalled();
});

test('signs out of all the other sessions', async () => {
  const api = fakeRoutes({
    'GET /auth/sessions': { status: 200, body: SESSIONS },
    'POST /auth/sessions/end-others': { status: 200, body: { ended: 2 } },
  });
  renderPanel();
  fireEvent.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
  expect(await screen.findByText('Your other sessions were signed out.')).toBeInTheDocument();
  expect(api.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /auth/sessions/end-others');
});

test('with this session alone, no "all other sessions" button', async () => {
  fakeRoutes({ 'GET /auth/sessions': { status: 200, body: [SESSIONS[1]] } });
  renderPanel();
  await screen.findAllByTestId('session');
  expect(screen.queryByTestId('end-other-sessions')).toBeNull();
});
