// The second factor in the account screens: the settings panel (turn on with the QR code and a
// first code, the recovery codes shown once, turn off), the sign-in's second step (a code of the app
// or a recovery code), and the Google landing page's.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { fakeApi, type FakeCall } from '@pupitre/api-client/src/testing';
import { initI18n } from '@pupitre/i18n';
import { getSession, updateSession } from '@pupitre/session';
import { catalogues } from '../../i18n';
import { AccountRoutes, loadAccountScreens } from '../test-routes';

beforeAll(loadAccountScreens);
initI18n('en');

type Answer = { status: number; body?: unknown };
/** Answers in turn per `"METHOD /path"` (the last one repeats); the health probe says ok. */
function serve(answers: Record<string, Answer[]>) {
  const seen: Record<string, number> = {};
  return fakeApi((call: FakeCall) => {
    const key = `${call.method} ${call.url}`;
    if (call.url === '/auth/health') return { status: 502 };
    const list = answers[key];
    if (!list) return { status: 502 };
    const n = (seen[key] = (seen[key] ?? -1) + 1);
    return list[Math.min(n, list.length - 1)];
  });
}
const renderAt = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <AccountRoutes />
    </MemoryRouter>,
  );
const CODES = Array.from({ length: 10 }, (_, i) => `abcde-${String(i).padStart(5, '0')}`);
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

beforeEach(() => localStorage.clear());
afterEach(() => resetApiClient());

test('every text of the second factor is in fr, es and en', () => {
  const keys = (o: object): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v).map((s) => `${k}.${s}`) : [k]));
  expect(keys(catalogues.fr.secondFactor)).toEqual(keys(catalogues.en.secondFactor));
  expect(keys(catalogues.es.secondFactor)).toEqual(keys(catalogues.en.secondFactor));
});

test('settings: turns it on with the password, the QR code (and its key as text) and a first code; the recovery codes are shown once', async () => {
  updateSession({ email: 'me@b.co', access: 'A' });
  const api = serve({
    'GET /auth/second-factor': [
      { status: 200, body: { enabled: false, recovery_codes_left: 0 } },
      { status: 200, body: { enabled: true, recovery_codes_left: 10 } },
    ],
    'POST /auth/second-factor/enrolment': [
      { status: 400, body: { error: 'wrong-password', detail: 'the current password is wrong' } },
      { status: 200, body: { secret: 'JBSWY3DPEHPK3PXPJBSW', otpauth_url: 'otpauth://totp/x', qr_svg: QR } },
    ],
    'POST /auth/second-factor/confirm': [
      { status: 400, body: { error: 'invalid-code', detail: 'wrong code' } },
      { status: 200, body: { recovery_codes: CODES } },
    ],
  });
  renderAt('/settings');
  fireEvent.click(await screen.findByTestId('second-factor-start'));
  fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'nope' } });
  fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
  expect(await screen.findByText('The password is wrong.')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Your current password'), { target: { value: 'right one' } });
  fireEvent.click(screen.getByRole('button', { name: 'Turn on two-step verification' }));
  expect(await screen.findByRole('img', { name: 'QR code that adds Pupitre to an authenticator app' })).toHaveAttribute('src', QR);
  expect(screen.getByTestId('second-factor-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW');
  const input = screen.getByLabelText('Code from the app');
  expect(input).toHaveAttribute('inputmode', 'numeric');
  expect(input).toHaveAttribute('autocomplete', 'one-time-code');
  fireEvent.change(input, { target: { value: '000 000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(await screen.findByText('This code is wrong or was already used: wait for the next one and try again.')).toBeInTheDocument();
  fireEvent.change(input, { target: { value: '123 456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
  expect(await screen.findByTestId('recovery-codes')).toHaveTextContent(CODES[9]);
  expect(screen.getByTestId('second-factor-notice')).toHaveTextContent('Two-step verification is on.');
  expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
    { password: 'nope' },
    { password: 'right one' },
    { code: '000000' },
    { code: '123456' },
  ]);
  fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
  expect(await screen.findByText('Recovery codes left: 10.')).toBeInTheDocument();
  expect(screen.queryByTestId('recovery-codes')).toBeNull();
});

test('settings: turns it off with a recovery code', async () => {
  updateSession({ email: 'me@b.co', access: 'A' });
  const api = serve({
    'GET /auth/second-factor': [
      { status: 200, body: { enabled: true, recovery_codes_left: 3 } },
      { status: 200, body: { enabled: false, recovery_codes_left: 0 } },
    ],
    'POST /auth/second-factor/disable': [{ status: 204 }],
  });
  renderAt('/settings');
  expect(await screen.findByText('Recovery codes left: 3.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: ' abcde-12345 ' } });
  fireEvent.click(screen.getByTestId('second-factor-disable'));
  expect(await screen.findByText('Two-step verification is off.')).toBeInTheDocument();
  expect(await screen.findByTestId('second-factor-start')).toBeInTheDocument();
  expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ recovery_code: 'abcde-12345' });
});

test('sign-in: asked for the second factor, sends the credentials again with the code (or a recovery code)', async () => {
  const required = { detail: 'A code is required.', code: 'mfa_required' };
  const invalid = { detail: 'The code is wrong.', code: 'mfa_invalid' };
  const api = serve({
    'POST /auth/token/': [
      { status: 401, body: required },
      { status: 401, body: invalid },
      { status: 200, body: { access: 'A', refresh: 'R' } },
    ],
  });
  renderAt('/auth');
  const form = within(screen.getByTestId('login-form'));
  fireEvent.change(form.getByLabelText('E-mail address'), { target: { value: 'me@b.co' } });
  fireEvent.change(form.getByLabelText('Password'), { target: { value: 'secret-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  const otp = await screen.findByLabelText('Code from the app');
  expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
  expect(screen.getByTestId('second-factor-step')).toHaveTextContent('enter the 6-digit code');
  fireEvent.change(otp, { target: { value: '111111' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText('This code is wrong or was already used: wait for the next one and try again.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghij' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(getSession().email).toBe('me@b.co'));
  expect(api.calls.filter((c) => c.url === '/auth/token/').map((c) => c.body)).toEqual([
    { email: 'me@b.co', password: 'secret-password-1' },
    { email: 'me@b.co', password: 'secret-password-1', otp: '111111' },
    { email: 'me@b.co', password: 'secret-password-1', recovery_code: 'abcde-fghij' },
  ]);
});

test('/google/login: asked for the second factor, exchanges the one-time code with the code of the app', async () => {
  const api = serve({
    'POST /auth/oauth2/exchange': [
      { status: 401, body: { detail: 'A code is required.', code: 'mfa_required' } },
      { status: 200, body: { access: 'A', refresh: 'R', email: 'g@b.co' } },
    ],
  });
  renderAt('/google/login?code=one-time-code-0123456789');
  fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '654321' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(getSession().email).toBe('g@b.co'));
  expect(api.calls.map((c) => c.body)).toEqual([{ code: 'one-time-code-0123456789' }, { code: 'one-time-code-0123456789', otp: '654321' }]);
});
