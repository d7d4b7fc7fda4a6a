import { act, render, screen } from '@testing-library/react';
import { initI18n, setLanguage } from '@pupitre/i18n';
import { ADMIN_DETERRENT_URL, ADMIN_REDIRECT_MS, AdminPage } from './AdminPage';

initI18n('fr');

test('shows the deterrent, then redirects after 4 s', async () => {
  await setLanguage('fr');
  jest.useFakeTimers();
  const redirect = jest.fn();
  render(<AdminPage redirect={redirect} />);
  expect(screen.getByText("Redirection à la page d'administrateur...")).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(ADMIN_REDIRECT_MS - 1));
  expect(redirect).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(redirect).toHaveBeenCalledWith(ADMIN_DETERRENT_URL);
  jest.useRealTimers();
});
