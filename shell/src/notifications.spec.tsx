import { act, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '@pupitre/i18n';
import { Notifications, POPUP_DURATION_MS, showPopup } from './notifications';

initI18n('en');

test('request-helper popups are translated and hide by themselves', () => {
  jest.useFakeTimers();
  render(<Notifications />);
  act(() => showPopup('Error.fatal'));
  act(() => showPopup('Error.fatal'));
  expect(screen.getAllByTestId('popup')).toHaveLength(1);
  expect(screen.getByRole('alert')).toHaveTextContent('An unknown error occurred. Please try again.');
  act(() => jest.advanceTimersByTime(POPUP_DURATION_MS));
  expect(screen.queryByTestId('popup')).not.toBeInTheDocument();
  jest.useRealTimers();
});

test('Success.* popups are polite status messages; the end of the animation removes them', () => {
  render(<Notifications />);
  act(() => showPopup('Success.login'));
  const popup = screen.getByRole('status');
  expect(popup).toHaveTextContent('Signed in! Welcome back.');
  act(() => {
    fireEvent.animationEnd(popup);
  });
  expect(screen.queryByTestId('popup')).not.toBeInTheDocument();
});

test('a popup can be dismissed', () => {
  render(<Notifications />);
  act(() => showPopup('Global.maintenance'));
  fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByTestId('popup')).not.toBeInTheDocument();
});
