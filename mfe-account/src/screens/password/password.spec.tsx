// The password fields of the account screens: the show/hide toggle, the strength meter (its
// dictionaries loaded on the field's first focus only: the loader is faked here, strength.spec.ts
// loads the real one) and the change-password form of /settings.
import React from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { resetApiClient } from '@pupitre/api-client';
import { fakeRoutes } from '@pupitre/api-client/src/testing';
import { addNamespace, initI18n } from '@pupitre/i18n';
import { updateSession } from '@pupitre/session';
import { Field } from '../Field';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { NewPasswordField } from './NewPasswordField';
import { loadStrengthCheck } from './strength';
import { catalogues } from '../../i18n';

jest.mock('./strength', () => ({
  ...jest.requireActual<object>('./strength'),
  loadStrengthCheck: jest.fn(async () => (password: string) => Math.min(4, Math.floor(password.length / 5))),
}));
const loader = loadStrengthCheck as jest.MockedFunction<typeof loadStrengthCheck>;

initI18n('en');
addNamespace('account', catalogues);
beforeEach(() => {
  localStorage.clear();
  loader.mockClear();
});
afterEach(() => resetApiClient());

describe('the show-password toggle', () => {
  test('shows and hides the password, says so with aria-pressed, and never submits the form', () => {
    const submitted = jest.fn((e: React.FormEvent) => e.preventDefault());
    render(
      <form onSubmit={submitted}>
        <Field label="Password" type="password" defaultValue="secret-value" />
      </form>,
    );
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(screen.getAllByLabelText('Password')).toEqual([input]); // the toggle does not label itself with the field's name
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toggle);
    expect(input).toHaveAttribute('type', 'password');
    expect(submitted).not.toHaveBeenCalled();
  });

  test('only password fields have one', () => {
    render(<Field label="E-mail" type="email" />);
    expect(screen.queryByTestId('password-toggle')).toBeNull();
  });
});

describe('the strength meter', () => {
  function Controlled() {
    const [value, setValue] = React.useState('');
    return <NewPasswordField label="New password" value={value} onChange={(e) => setValue(e.target.value)} />;
  }

  test('loads nothing until the field is focused, then rates what is typed, in words and as a meter', async () => {
    render(<Controlled />);
    expect(loader).not.toHaveBeenCalled();
    const input = screen.getByLabelText('New password');
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(loader).not.toHaveBeenCalled();
    expect(screen.queryByTestId('password-strength')).toBeNull();
    await act(async () => {
      fireEvent.focus(input);
    });
    expect(loader).toHaveBeenCalledWith('en');
    const meter = await screen.findByTestId('password-strength');
    expect(meter).toHaveTextContent('Strength: very weak');
    fireEvent.change(input, { target: { value: 'a much longer passphrase' } });
    expect(screen.getByTestId('password-strength')).toHaveTextContent('Strength: strong');
    const gauge = screen.getByRole('meter', { name: 'Strength: strong' });
    expect(gauge).toHaveAttribute('value', '4');
    expect(gauge).toHaveAttribute('max', '4');
  });
});

describe('changing the password in /settings', () => {
  const renderPanel = (onChanged = jest.fn()) => {
    updateSession({ email: 'me@b.co' });
    render(
      <MemoryRouter>
        <ChangePasswordPanel onChanged={onChanged} />
      </MemoryRouter>,
    );
    return onChanged;
  };
  const fill = (current: string, next: string, repeat: string) => {
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
    fireEvent.change(screen.getByLabelText('Repeat the new password'), { target: { value: repeat } });
    fireEvent.click(screen.getByRole('button', { name: 'Change my password' }));
  };

  test('success: sends the three fields, empties them, says the other sessions were signed out', async () => {
    const api = fakeRoutes({ 'POST /auth/manage/users/set_password/': { status: 204 } });
    const onChanged = renderPanel();
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'x' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Show password' })[1]);
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'text');
    fill('Old-password-123', 'Nouveau-cahier-2026', 'Nouveau-cahier-2026');
    expect(await screen.findByTestId('change-password-success')).toHaveTextContent('Your other sessions were signed out');
    expect(api.calls).toEqual([
      {
        method: 'POST',
        url: '/auth/manage/users/set_password/',
        body: { current_password: 'Old-password-123', new_password: 'Nouveau-cahier-2026', re_new_password: 'Nouveau-cahier-2026' },
      },
    ]);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password'); // hidden again
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  test('a wrong current password is told under that field, tied to it', async () => {
    fakeRoutes({ 'POST /auth/manage/users/set_password/': { status: 400, body: { current_password: ['Invalid password.'] } } });
    renderPanel();
    fill('Wrong-password-1', 'Nouveau-cahier-2026', 'Nouveau-cahier-2026');
    const current = screen.getByLabelText('Current password');
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    const message = document.getElementById(current.getAttribute('aria-describedby') as string);
    expect(message).toHaveTextContent('This is not your current password.');
    expect(screen.getByLabelText('New password')).not.toHaveAttribute('aria-invalid');
  });

  test('the service’s password rules are told under the new password', async () => {
    fakeRoutes({
      'POST /auth/manage/users/set_password/': { status: 400, body: { new_password: ['This password is too common.'] } },
    });
    renderPanel();
    fill('Old-password-123', 'Motdepasse-123', 'Motdepasse-123');
    const next = screen.getByLabelText('New password');
    await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(next.getAttribute('aria-describedby') as string)).toHaveTextContent(/common/i);
  });

  test('checks before sending: every field, 12 characters, the two new ones equal', () => {
    const api = fakeRoutes({});
    renderPanel();
    fill('', 'short', 'short');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    fill('Old-password-123', 'Nouveau-cahier-2026', 'Nouveau-cahier-2027');
    expect(screen.getByLabelText('Repeat the new password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toEqual([]);
  });
});
