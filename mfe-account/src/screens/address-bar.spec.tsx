// The e-mailed links' tokens leave the address bar and the history at once, under the browser
// router the shell uses; the pages keep them in memory and still send them.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { fakeRoutes } from '@pupitre/api-client/src/testing';
import { initI18n } from '@pupitre/i18n';
import { AccountRoutes, loadAccountScreens } from './test-routes';

// Each page's screen is a chunk of its own (lazyScreen): loaded before the tests render them.
beforeAll(loadAccountScreens);

initI18n('en');

/** Opens `url` as a click on a mailed link would: a new history entry, then the app. */
function openLink(url: string) {
  window.history.pushState(null, '', url);
  const entries = window.history.length;
  render(
    <BrowserRouter>
      <AccountRoutes />
    </BrowserRouter>,
  );
  return { entries };
}

const TOKEN = 'cgc2ik-4f2b0b1c9d8e7f6a5b4c3d2e1f0a9b8c';

afterEach(() => resetApiClient());

test('/password/reset/confirm: the token leaves the address bar and the history; the form still sends it', async () => {
  const api = fakeRoutes({ 'POST /auth/manage/users/reset_password_confirm/': { status: 204 } });
  const { entries } = openLink(`/password/reset/confirm/MQ/${TOKEN}/`);
  expect(window.location.href).toBe('http://localhost/password/reset/confirm/');
  expect(window.history.length).toBe(entries); // replaced, not pushed

  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Another-pass-1' } });
  fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'Another-pass-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
  expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  expect(api.calls[0]).toEqual({
    method: 'POST',
    url: '/auth/manage/users/reset_password_confirm/',
    body: { uid: 'MQ', token: TOKEN, new_password: 'Another-pass-1', re_new_password: 'Another-pass-1' },
  });
  expect(screen.getByTestId('where')).toHaveTextContent('/auth?form=login');
  expect(window.location.href).not.toContain(TOKEN);
});

test('/activate: the token leaves the address bar and the history; the activation still sends it', async () => {
  const api = fakeRoutes({ 'POST /auth/manage/users/activation/': { status: 204 } });
  const { entries } = openLink(`/activate/MQ/${TOKEN}/`);
  expect(window.location.href).toBe('http://localhost/activate/');
  expect(window.history.length).toBe(entries);
  expect(await screen.findByTestId('activation-result')).toHaveTextContent('Account activated');
  expect(api.calls).toEqual([{ method: 'POST', url: '/auth/manage/users/activation/', body: { uid: 'MQ', token: TOKEN } }]);
});

test('/google/login: the one-time code leaves the address bar too', async () => {
  fakeRoutes({ 'POST /auth/oauth2/exchange': { status: 400, body: { error: 'invalid-code' } } });
  openLink('/google/login?code=one-time-code');
  await act(async () => undefined);
  expect(window.location.href).not.toContain('one-time-code');
});
