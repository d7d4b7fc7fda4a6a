import { act, render, screen } from '@testing-library/react';
import { initI18n } from '@pupitre/i18n';
import { Notifications, POPUP_DURATION_MS, showPopup } from './notifications';

initI18n('en');

test('request-helper popups are translated and hide by themselves', () => {
  jest.useFakeTimers();
  render(<Notifications />);
  act(() => showPopup('error.fatal'));
  act(() => showPopup('error.fatal'));
  expect(screen.getAllByTestId('popup')).toHaveLength(1);
  expect(screen.getByRole('alert')).toHaveTextContent('An unknown error occurred. Please try again.');
  act(() => jest.advanceTimersByTime(POPUP_DURATION_MS));
  expect(screen.queryByTestId('popup')).not.toBeInTheDocument();
  jest.useRealTimers();
});
