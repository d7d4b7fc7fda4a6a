// The shell's timed behaviours, with fake timers: 404 and error screen (3 s), navbar (300 px,
// 1.3 s), launch countdown, maintenance warning (5 minutes).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n } from '@pupitre/i18n';
import { DEFAULT_CONFIG, RuntimeConfigContext, type RuntimeConfig } from './config/runtime-config';
import { Navbar } from './navbar/Navbar';
import { NAV_HIDE_DELAY_MS } from './navbar/useNavScroll';
import { ErrorScreen, RouterFallback } from './pages/ErrorScreens';
import { LaunchGate, countdownParts } from './pages/LaunchGate';
import { MaintenanceBanner } from './pages/MaintenanceBanner';
import { NOT_FOUND_REDIRECT_MS, NotFoundPage } from './pages/NotFoundPage';

initI18n('en');

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function at(url: string, element: React.ReactNode, config: Partial<RuntimeConfig> = {}) {
  return render(
    <RuntimeConfigContext.Provider value={{ ...DEFAULT_CONFIG, ...config }}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/" element={<Where />} />
          <Route path="*" element={element} />
        </Routes>
      </MemoryRouter>
    </RuntimeConfigContext.Provider>,
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('404: the message, then home after 3 s', () => {
  at('/nowhere', <NotFoundPage />);
  expect(screen.getByRole('alert')).toHaveTextContent('The accessed page does not exist.');
  act(() => jest.advanceTimersByTime(NOT_FOUND_REDIRECT_MS - 1));
  expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('where')).toHaveTextContent('/');
});

test('error screen: "Error", then home after 3 s', () => {
  at('/broken', <ErrorScreen />);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Error');
  act(() => jest.advanceTimersByTime(2999));
  expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByTestId('where')).toBeInTheDocument();
});

test('router fallback: "Unexpected Application Error!" with the status or the message', () => {
  const { unmount } = render(<RouterFallback error={{ status: 503, statusText: 'Service Unavailable' }} />);
  expect(screen.getByRole('heading')).toHaveTextContent('Unexpected Application Error!');
  expect(screen.getByRole('alert')).toHaveTextContent('503 Service Unavailable');
  unmount();
  render(<RouterFallback error={new Error('boom')} />);
  expect(screen.getByRole('alert')).toHaveTextContent('boom');
});

describe('navbar on wide screens', () => {
  const scrollTo = (y: number) =>
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
      fireEvent.scroll(window);
    });

  beforeEach(() => {
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
    scrollTo(0);
  });

  test('past 300 px the links slide away; the bar hides 1.3 s later; scrolling up restores it', () => {
    at('/x', <Navbar />);
    const nav = screen.getByTestId('navbar');
    scrollTo(250);
    expect(nav).toHaveAttribute('data-collapsed', 'false');
    scrollTo(400);
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    expect(nav).toHaveAttribute('data-hidden', 'false');
    act(() => jest.advanceTimersByTime(NAV_HIDE_DELAY_MS - 1));
    expect(nav).toHaveAttribute('data-hidden', 'false');
    act(() => jest.advanceTimersByTime(1));
    expect(nav).toHaveAttribute('data-hidden', 'true');
    scrollTo(380);
    expect(nav).toHaveAttribute('data-hidden', 'false');
    expect(nav).toHaveAttribute('data-collapsed', 'false');
  });

  test('scrolling up before 1.3 s cancels the hiding', () => {
    at('/x', <Navbar />);
    const nav = screen.getByTestId('navbar');
    scrollTo(500);
    act(() => jest.advanceTimersByTime(800));
    scrollTo(450);
    act(() => jest.advanceTimersByTime(2000));
    expect(nav).toHaveAttribute('data-hidden', 'false');
  });

  test('narrow windows never collapse', () => {
    Object.defineProperty(window, 'innerWidth', { value: 600, configurable: true });
    at('/x', <Navbar />);
    scrollTo(900);
    act(() => jest.advanceTimersByTime(NAV_HIDE_DELAY_MS));
    expect(screen.getByTestId('navbar')).toHaveAttribute('data-hidden', 'false');
  });
});

describe('launch gate', () => {
  test('countdown parts', () => {
    expect(countdownParts(1000 + 2 * 86400 + 3 * 3600 + 4 * 60 + 5, 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(10, 20)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  test('before the launch only the countdown and the social link show; it ticks and then opens the app', () => {
    jest.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const launchAt = Date.parse('2030-01-01T00:00:03Z') / 1000;
    render(
      <RuntimeConfigContext.Provider value={{ ...DEFAULT_CONFIG, launchAt, socialUrl: 'https://social.example/pupitre' }}>
        <LaunchGate>
          <p>the app</p>
        </LaunchGate>
      </RuntimeConfigContext.Provider>,
    );
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent('03');
    expect(screen.getByTestId('countdown-days')).toHaveTextContent('00');
    expect(screen.getByRole('link', { name: /follow us/i })).toHaveAttribute('href', 'https://social.example/pupitre');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByTestId('countdown-seconds')).toHaveTextContent('02');
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getByText('the app')).toBeInTheDocument();
  });

  test('after the launch the app shows at once', () => {
    jest.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    render(
      <LaunchGate>
        <p>the app</p>
      </LaunchGate>,
    );
    expect(screen.getByText('the app')).toBeInTheDocument();
  });
});

test('maintenance: the warning shows within the 5 minutes before the start, and goes at the start', () => {
  jest.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  const maintenanceAt = Date.parse('2030-01-01T00:05:02Z') / 1000;
  render(
    <RuntimeConfigContext.Provider value={{ ...DEFAULT_CONFIG, maintenanceAt }}>
      <MaintenanceBanner />
    </RuntimeConfigContext.Provider>,
  );
  expect(screen.queryByTestId('maintenance-warning')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.getByTestId('maintenance-warning')).toHaveTextContent('Website maintenance will start in less than 5 minutes...');
  act(() => jest.advanceTimersByTime(300_000));
  expect(screen.queryByTestId('maintenance-warning')).not.toBeInTheDocument();
});
