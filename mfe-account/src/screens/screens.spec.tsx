// Account screens with a stubbed transport and fake timers where the spec times things:
// login (3.5 s to /), activation (3 s to /auth?form=login).
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { fakeRoutes } from '@pupitre/api-client/src/testing';
import { initI18n, setLanguage } from '@pupitre/i18n';
import { getSession, updateSession } from '@pupitre/session';
import { getPopups } from '@pupitre/ui';
import { LOGIN_REDIRECT_MS, nextPath } from './AuthPage';
import { ACTIVATION_REDIRECT_MS } from './ActivationPages';
import { AccountRoutes, loadAccountScreens } from './test-routes';

// Each page's screen is a chunk of its own (lazyScreen): loaded before the tests render them.
beforeAll(loadAccountScreens);

initI18n('en');

type Answer = { status: number; body?: unknown };
/** The API's answers by `"METHOD /path"` (checked against the contract); anything else is a 502. */
const serve = (answers: Record<string, Answer>) => fakeRoutes(answers).fetch;

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AccountRoutes />
    </MemoryRouter>,
  );
}

/** The JSON body of the first call that had one (the /auth health probe has none). */
const body = (fetch: jest.Mock) =>
  JSON.parse((fetch.mock.calls as [string, RequestInit][]).find(([, init]) => init?.body)![1].body as string);

beforeEach(() => localStorage.clear());
afterEach(() => {
  resetApiClient();
  jest.useRealTimers();
});

describe('/auth', () => {
  test('?form=signup shows the signup tab, otherwise login', () => {
    serve({});
    const { unmount } = renderAt('/auth?form=signup');
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('signup-form')).toBeInTheDocument();
    unmount();
    renderAt('/auth');
    expect(screen.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('login-form')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute('href', '/auth/oauth2/get-redirect');
  });

  test('password managers may fill the forms and paste into them: autocomplete names each field, no paste is blocked', () => {
    serve({});
    const fields = (form: string) => [...screen.getByTestId(form).querySelectorAll('input:not([type=hidden])')] as HTMLInputElement[];
    const { unmount } = renderAt('/auth');
    expect(fields('login-form').map((i) => [i.type, i.autocomplete])).toEqual([
      ['email', 'email'],
      ['password', 'current-password'],
    ]);
    unmount();
    renderAt('/auth?form=signup');
    const signup = fields('signup-form');
    expect(signup.filter((i) => i.type === 'password').map((i) => i.autocomplete)).toEqual(['new-password', 'new-password']);
    // fireEvent returns false when a handler called preventDefault.
    for (const input of signup) expect(fireEvent.paste(input, { clipboardData: { getData: () => 'pasted' } })).toBe(true);
  });

  test.each([
    [['', '', ''], 'You have not filled in all the fields.'],
    [['not-an-email', 'longenough-01', 'longenough-01'], 'The email address is not valid. Please check and try again.'],
    [['a@b.co', 'short', 'short'], 'The password must contain at least 12 characters.'],
    [['a@b.co', 'longenough-01', 'longenough-02'], 'The passwords do not match.'],
  ])('signup validation %j', ([email, password, confirm], message) => {
    const fetch = serve({});
    renderAt('/auth?form=signup');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm the password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByTestId('form-error')).toHaveTextContent(message);
    expect(fetch.mock.calls.filter(([url]) => url !== '/auth/health')).toEqual([]);
  });

  test('an e-mail already used (an array under email) says so', async () => {
    serve({ 'POST /auth/manage/users/': { status: 400, body: { email: ['user with this email already exists.'] } } });
    renderAt('/auth?form=signup');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tr0ub4dor&3-x' } });
    fireEvent.change(screen.getByLabelText('Confirm the password'), { target: { value: 'Tr0ub4dor&3-x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('This e-mail address is already used by another account.')).toBeInTheDocument();
  });

  test('signup success: the login tab with the e-mail filled in', async () => {
    const fetch = serve({ 'POST /auth/manage/users/': { status: 201, body: { email: 'new@b.co', id: 'x' } } });
    renderAt('/auth?form=signup');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'new@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tr0ub4dor&3-x' } });
    fireEvent.change(screen.getByLabelText('Confirm the password'), { target: { value: 'Tr0ub4dor&3-x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(within(screen.getByTestId('login-form')).getByLabelText('E-mail address')).toHaveValue('new@b.co');
    expect(body(fetch)).toEqual({ email: 'new@b.co', password: 'Tr0ub4dor&3-x', re_password: 'Tr0ub4dor&3-x', lang: 'en' });
    expect(getPopups().map((p) => p.key)).toContain('Success.signup');
  });

  test('login success: message, tokens and e-mail stored, then / after 3.5 s', async () => {
    jest.useFakeTimers();
    const fetch = serve({ 'POST /auth/token/': { status: 200, body: { access: 'A.eyJleHAiOjQxMDI0NDQ4MDB9.s' } } });
    renderAt('/auth?form=login');
    const form = within(screen.getByTestId('login-form'));
    fireEvent.change(form.getByLabelText('E-mail address'), { target: { value: 'me@b.co' } });
    fireEvent.change(form.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await act(async () => jest.advanceTimersByTimeAsync(0));
    expect(screen.getByTestId('login-success')).toHaveTextContent('Signed in!');
    expect(getSession()).toMatchObject({ email: 'me@b.co', access: 'A.eyJleHAiOjQxMDI0NDQ4MDB9.s', accessExpiry: 4102444800 });
    // The refresh token is asked into the HttpOnly cookie; nothing but the e-mail (and the language) is stored.
    const login = fetch.mock.calls.find(([url]) => String(url).endsWith('/auth/token/')) as unknown as [string, RequestInit];
    expect((login[1].headers as Record<string, string>)['X-Pupitre-Session']).toBe('cookie');
    expect(Object.keys(localStorage).filter((key) => !['email', 'lang'].includes(key) && !key.startsWith('pupitre:'))).toEqual([]);
    await act(async () => jest.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS - 1));
    expect(screen.getByTestId('where')).toHaveTextContent('/auth?form=login');
    await act(async () => jest.advanceTimersByTimeAsync(1));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  test('a wrong login hints that the account may not be activated', async () => {
    serve({ 'POST /auth/token/': { status: 401, body: { detail: 'No active account found with the given credentials' } } });
    renderAt('/auth');
    const form = within(screen.getByTestId('login-form'));
    fireEvent.change(form.getByLabelText('E-mail address'), { target: { value: 'me@b.co' } });
    fireEvent.change(form.getByLabelText('Password'), { target: { value: 'wrong-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(/Have you activated your account/)).toBeInTheDocument();
  });

  test('forgot password: POST reset_password and the success popup', async () => {
    const fetch = serve({ 'POST /auth/manage/users/reset_password/': { status: 204 } });
    renderAt('/auth');
    fireEvent.change(screen.getAllByLabelText('E-mail address')[1], { target: { value: 'me@b.co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    await act(async () => undefined);
    expect(body(fetch)).toEqual({ email: 'me@b.co' });
    expect(getPopups().map((p) => p.key)).toContain('Success.request-reset-password');
  });

  test("the service's password rules are said in the page's language, never in its English", async () => {
    await act(() => setLanguage('fr'));
    serve({
      'POST /auth/manage/users/': {
        status: 400,
        body: { password: ['This password is too common.', 'This password is entirely numeric.'] },
      },
    });
    renderAt('/auth?form=signup');
    fireEvent.change(screen.getByLabelText('Adresse e-mail'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Mot de passe'), { target: { value: '123456789012' } });
    fireEvent.change(screen.getByLabelText('Confirmez le mot de passe'), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const error = await screen.findByTestId('form-error');
    await waitFor(() => expect(error).toHaveTextContent('Ce mot de passe est trop courant'));
    expect(error).toHaveTextContent('uniquement de chiffres');
    expect(error).not.toHaveTextContent(/This password/);
    await act(() => setLanguage('en'));
  });

  test('a throttled sign-up says to wait, not to check the form', async () => {
    serve({ 'POST /auth/manage/users/': { status: 429, body: { error: 'throttled' } } });
    renderAt('/auth?form=signup');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'a@b.co' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tr0ub4dor&3-x' } });
    fireEvent.change(screen.getByLabelText('Confirm the password'), { target: { value: 'Tr0ub4dor&3-x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(screen.getByTestId('form-error')).toHaveTextContent('Too many attempts: please wait a little'));
    expect(getPopups().map((p) => p.key)).not.toContain('Error.signup-failed');
    expect(screen.getByTestId('form-error')).not.toHaveTextContent(/check the form/);
  });

  test('a login from "sign in to publish" goes back to the review, and only ever to a path of this site', async () => {
    expect(
      ['/publication', '/review/4/edit', '//evil.example', 'https://evil.example', '/\\evil', '/auth?form=login', null].map(nextPath),
    ).toEqual(['/publication', '/review/4/edit', '/', '/', '/', '/', '/']);
    jest.useFakeTimers();
    serve({ 'POST /auth/token/': { status: 200, body: { access: 'A.eyJleHAiOjQxMDI0NDQ4MDB9.s', refresh: 'R' } } });
    renderAt('/auth?form=login&next=%2Fpublication');
    fireEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(screen.getByTestId('where')).toHaveTextContent('next=%2Fpublication');
    const form = within(screen.getByTestId('login-form'));
    fireEvent.change(form.getByLabelText('E-mail address'), { target: { value: 'me@b.co' } });
    fireEvent.change(form.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await act(async () => jest.advanceTimersByTimeAsync(0));
    await act(async () => jest.advanceTimersByTimeAsync(LOGIN_REDIRECT_MS));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/publication$/);
  });

  test('a signed-in visitor goes to /settings', () => {
    serve({});
    updateSession({ email: 'me@b.co' });
    renderAt('/auth');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Settings');
  });
});

test.each([
  [204, 'Account activated', undefined],
  [403, 'An error occurred', { detail: 'Stale token for given user.' }],
])('/activate: answer %s → "%s", then /auth?form=login after 3 s', async (status, text, answer) => {
  jest.useFakeTimers();
  const fetch = serve({ 'POST /auth/manage/users/activation/': { status, body: answer } });
  renderAt(`/activate/U${status}/T/`);
  await act(async () => jest.advanceTimersByTimeAsync(0));
  expect(screen.getByTestId('activation-result')).toHaveTextContent(text);
  expect(body(fetch)).toEqual({ uid: `U${status}`, token: 'T' });
  await act(async () => jest.advanceTimersByTimeAsync(ACTIVATION_REDIRECT_MS - 1));
  expect(screen.getByTestId('where')).toHaveTextContent(`/activate/U${status}/T/`);
  await act(async () => jest.advanceTimersByTimeAsync(1));
  expect(screen.getByTestId('where')).toHaveTextContent('/auth?form=login');
});

test('/password/reset/confirm: two fields, matching check, then the login form', async () => {
  const fetch = serve({ 'POST /auth/manage/users/reset_password_confirm/': { status: 204 } });
  renderAt('/password/reset/confirm/U/T/');
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Another-pass-1' } });
  fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'Another-pass-2' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
  expect(screen.getByTestId('form-error')).toHaveTextContent('The passwords do not match.');
  fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'Another-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
  expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent('/auth?form=login');
  expect(body(fetch)).toEqual({ uid: 'U', token: 'T', new_password: 'Another-pass-1', re_new_password: 'Another-pass-1' });
});

test('/google/login exchanges the one-time code by POST, stores the session and goes home', async () => {
  const fetch = serve({ 'POST /auth/oauth2/exchange': { status: 200, body: { access: 'A', email: 'g@b.co' } } });
  renderAt('/google/login?code=abc');
  expect(await screen.findByText('elsewhere')).toBeInTheDocument();
  expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  expect(body(fetch)).toEqual({ code: 'abc' });
  expect(getSession()).toMatchObject({ email: 'g@b.co', access: 'A' });
  expect(((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-Pupitre-Session']).toBe(
    'cookie',
  );
});

test('/me: count, average with one decimal, popularity, join date', async () => {
  updateSession({ email: 'me@b.co', access: 'A' });
  serve({ 'GET /auth/me': { status: 200, body: { num: 3, average: 7.25, popularity: 67, since: '2025-04-09T12:00:00Z' } } });
  renderAt('/me');
  expect(await screen.findByTestId('stat-count')).toHaveTextContent('3');
  expect(screen.getByTestId('stat-average')).toHaveTextContent('7.3');
  expect(screen.getByTestId('stat-average')).toHaveTextContent('7.3/10');
  expect(screen.getByTestId('stat-popularity')).toHaveTextContent('67%');
  expect(screen.getByTestId('stat-since')).toHaveTextContent('2025');
});

const review = (id: number, extra = {}) => ({
  id,
  tot_rating: 7,
  text_rating: 'ok',
  relatable: 80,
  relatable_count: 5,
  teacher: { id: 1, prefix: 'Mme', name: 'Roux' },
  subject: 'Histoire',
  subject_id: 2,
  subject_color: '#aa0000',
  created_at: '2025-05-01T00:00:00.000Z',
  grades: { clarte: 8 },
  answers: { ponctuel: true },
  ...extra,
});

/** The author's own review: the class year and the day too. */
const mine = (id: number, extra = {}) => review(id, { year: 1, ...extra });

test('/me/favorites: remove drops the item', async () => {
  updateSession({ email: 'me@b.co', access: 'A' });
  serve({ 'GET /auth/me/favorites': { status: 200, body: [review(1), review(2)] }, 'DELETE /api/rating/1/favorite': { status: 204 } });
  renderAt('/me/favorites');
  expect(await screen.findAllByTestId('favorite')).toHaveLength(2);
  expect(screen.getAllByTestId('favorite')[0]).toHaveTextContent('80% relatable');
  // Someone else's review: dated to the month, like every public review.
  expect(screen.getAllByTestId('favorite')[0]).toHaveTextContent('May 2025');
  fireEvent.click(screen.getAllByRole('button', { name: /Remove the review/ })[0]);
  await act(async () => undefined);
  expect(screen.getAllByTestId('favorite')).toHaveLength(1);
});

test('/me/reviews: statuses, when a pending one will be public, the rejection reason and the edit link', async () => {
  updateSession({ email: 'me@b.co', access: 'A' });
  const release = new Date();
  release.setHours(17, 0, 0, 0);
  serve({
    'GET /auth/me/reviews': {
      status: 200,
      body: [
        mine(4, { status: 'pending', public_at: release.toISOString() }),
        mine(5, { status: 'rejected', reason: 'offensive-language' }),
        mine(6, { status: 'held', reason: 'identifying-details' }),
      ],
    },
  });
  renderAt('/me/reviews');
  const items = await screen.findAllByTestId('my-review');
  expect(items[0]).toHaveTextContent('Pending validation');
  expect(within(items[0]).getByTestId('review-public-at')).toHaveTextContent(/public at the next release: 5:00\sPM/);
  expect(items[1]).toHaveTextContent('Rejected');
  expect(items[1]).toHaveTextContent('Reason: offensive language');
  expect(items[2]).toHaveTextContent('Held for review');
  expect(items[2]).toHaveTextContent('Reason: your comment may identify you or another pupil');
  expect(screen.getAllByRole('link', { name: /Edit my review/ })[1]).toHaveAttribute('href', '/review/5/edit');
});

test('/me/reviews: deleting asks first, then the review leaves the list', async () => {
  updateSession({ email: 'me@b.co', access: 'A' });
  const fetch = serve({
    'GET /auth/me/reviews': { status: 200, body: [mine(4, { status: 'published' }), mine(5, { status: 'pending' })] },
    'DELETE /api/rating/4': { status: 204 },
  });
  renderAt('/me/reviews');
  await screen.findAllByTestId('my-review');
  fireEvent.click(screen.getAllByRole('button', { name: 'Delete my review of Mme Roux' })[0]);
  expect(fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toEqual([]);
  fireEvent.click(within(screen.getByTestId('delete-confirm')).getByRole('button', { name: 'Yes, delete it' }));
  await waitFor(() => expect(screen.getAllByTestId('my-review')).toHaveLength(1));
  expect(screen.getByTestId('my-review')).toHaveTextContent('Pending validation');
  expect(fetch.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url}`)).toContain(
    'DELETE /api/rating/4',
  );
});

test("/me/reports: each report with the moderators' outcome and reasons", async () => {
  updateSession({ email: 'me@b.co', access: 'A' });
  const report = (review_id: number, extra = {}) => ({
    review_id,
    teacher: { id: 1, prefix: 'Mme', name: 'Roux' },
    content: 'Names a pupil',
    created_at: '2025-05-01T10:00:00.000Z',
    outcome: 'open',
    reason: null,
    decided_at: null,
    ...extra,
  });
  serve({
    'GET /auth/me/reports': {
      status: 200,
      body: [
        report(7, { outcome: 'removed', reason: 'personal-data', decided_at: '2025-05-02T09:00:00.000Z' }),
        report(8, { teacher: null, outcome: 'kept', reason: 'Fair criticism', decided_at: '2025-05-02T09:00:00.000Z' }),
        report(9),
      ],
    },
  });
  renderAt('/me/reports');
  const items = await screen.findAllByTestId('my-report');
  expect(items[0]).toHaveTextContent('Reviewed: removed');
  expect(items[0]).toHaveTextContent('Reason: personal data');
  expect(within(items[0]).getByRole('link', { name: 'Review of Mme Roux' })).toHaveAttribute('href', '/teacher/1');
  expect(items[1]).toHaveTextContent('A review that is no longer shown');
  expect(items[1]).toHaveTextContent('Reason: Fair criticism');
  expect(items[2]).toHaveTextContent('Waiting for a moderator');
  expect(within(items[2]).queryByTestId('report-reason')).toBeNull();
});

test.each(['/me', '/me/favorites', '/me/reviews', '/me/reports'])(
  '%s signed out goes to sign in (and back after), asking the API nothing',
  (path) => {
    const fetch = serve({});
    renderAt(path);
    expect(screen.getByTestId('where')).toHaveTextContent(`/auth?form=login&next=${encodeURIComponent(path)}`);
    expect(fetch.mock.calls.filter(([url]) => url !== '/auth/health')).toEqual([]);
  },
);

test('/settings without a stored e-mail goes to /auth (and back after signing in); with one, shows it', () => {
  serve({});
  const { unmount } = renderAt('/settings');
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
  unmount();
  updateSession({ email: 'me@b.co' });
  renderAt('/settings');
  expect(screen.getByTestId('settings-email')).toHaveTextContent('me@b.co');
  expect(screen.getByRole('radio', { name: 'Español' })).toBeInTheDocument();
});
