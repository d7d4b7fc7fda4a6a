import { act, render, screen } from '@testing-library/react';
import { initI18n, setLanguage } from '@pupitre/i18n';
import { DEFAULT_CONFIG, RuntimeConfigContext } from '../config/runtime-config';
import { ADMIN_REDIRECT_MS, AdminPage } from './AdminPage';

initI18n('fr');

test('shows the deterrent, then redirects to the configured URL after 4 s', async () => {
  await setLanguage('fr');
  jest.useFakeTimers();
  const redirect = jest.fn();
  render(
    <RuntimeConfigContext.Provider value={{ ...DEFAULT_CONFIG, adminRedirectUrl: 'https://example.org/elsewhere' }}>
      <AdminPage redirect={redirect} />
    </RuntimeConfigContext.Provider>,
  );
  expect(screen.getByText("Redirection à la page d'administrateur...")).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(ADMIN_REDIRECT_MS - 1));
  expect(redirect).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(redirect).toHaveBeenCalledWith('https://example.org/elsewhere');
  jest.useRealTimers();
});
