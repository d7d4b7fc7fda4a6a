import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import { initI18n } from '@pupitre/i18n';
import { lazyScreen } from '@pupitre/ui';
import { type RemoteLoader, type RemoteRouteMap } from './federation';
import { renderToString } from 'react-dom/server';
import { RemoteLoaderProvider, RemoteRenderModeProvider, RemoteRoute, SERVER_SLOT_HTML } from './RemoteRoute';

initI18n('en');

function TeacherScreen() {
  const { id } = useParams();
  return <p>teacher {id}</p>;
}

function Broken(): never {
  throw new Error('boom');
}

const routes: RemoteRouteMap = { '/teacher/:id': TeacherScreen, '/communaute': () => <p>community home</p>, '/ranking': Broken };

/** A loader whose `load` answers are scripted one by one. */
function scriptedLoader(answers: (() => Promise<RemoteRouteMap>)[]) {
  let loaded: RemoteRouteMap | undefined;
  const loader: RemoteLoader & { calls: number; invalidations: number } = {
    calls: 0,
    invalidations: 0,
    load: jest.fn(() => {
      const answer = answers[Math.min(loader.calls, answers.length - 1)];
      loader.calls += 1;
      return answer().then((map) => (loaded = map));
    }),
    peek: () => loaded,
    invalidate: () => {
      loader.invalidations += 1;
      loaded = undefined;
    },
  };
  return loader;
}

function renderAt(url: string, loader: RemoteLoader, element: React.ReactElement, path = '/teacher/:id') {
  return render(
    <RemoteLoaderProvider loader={loader}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </MemoryRouter>
    </RemoteLoaderProvider>,
  );
}

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('shows an accessible loading state, then the component registered for its path, with route params', async () => {
  const loader = scriptedLoader([() => Promise.resolve(routes)]);
  renderAt('/teacher/42', loader, <RemoteRoute remote="community" path="/teacher/:id" />);
  const status = screen.getByRole('status');
  expect(status).toHaveAttribute('aria-live', 'polite');
  expect(status).toHaveTextContent('Loading...');
  expect(await screen.findByText('teacher 42')).toBeInTheDocument();
  expect(loader.load).toHaveBeenCalledWith('community');
});

test('an already loaded remote renders at once, without loading again', () => {
  const loader = scriptedLoader([() => Promise.resolve(routes)]);
  loader.peek = () => routes;
  renderAt('/teacher/7', loader, <RemoteRoute remote="community" path="/teacher/:id" />);
  expect(screen.getByText('teacher 7')).toBeInTheDocument();
  expect(loader.load).not.toHaveBeenCalled();
});

test('a remote loaded by someone else between the first render and its effect is shown, not "loading" forever', async () => {
  const loader = scriptedLoader([() => new Promise<RemoteRouteMap>(() => undefined)]);
  // The first render sees nothing loaded; by the time the effect runs, the shell's early start
  // has loaded the remote (a race seen under load in the responsive matrix).
  let renders = 0;
  loader.peek = () => (renders++ === 0 ? undefined : routes);
  renderAt('/teacher/5', loader, <RemoteRoute remote="community" path="/teacher/:id" />);
  expect(await screen.findByText('teacher 5')).toBeInTheDocument();
  expect(loader.load).not.toHaveBeenCalled();
});

test('a failing remote shows the translated fallback panel instead of throwing', async () => {
  const loader = scriptedLoader([() => Promise.reject(new Error('manifest 404'))]);
  renderAt('/teacher/1', loader, <RemoteRoute remote="community" path="/teacher/:id" />);
  const panel = await screen.findByTestId('remote-fallback');
  expect(panel).toHaveAttribute('role', 'alert');
  expect(panel).toHaveTextContent('This section is unavailable right now.');
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('"Try again" retries without a page reload and shows the remote when it is back', async () => {
  const loader = scriptedLoader([() => Promise.reject(new Error('down')), () => Promise.resolve(routes)]);
  renderAt('/teacher/5', loader, <RemoteRoute remote="community" path="/teacher/:id" />);
  await screen.findByTestId('remote-fallback');
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('teacher 5')).toBeInTheDocument();
  expect(loader.invalidations).toBe(1);
  expect(loader.calls).toBe(2);
  expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument();
});

test('a slow remote falls back after the timeout (fake timers), and a retry can still succeed', async () => {
  jest.useFakeTimers();
  const loader = scriptedLoader([() => new Promise<RemoteRouteMap>(() => undefined), () => Promise.resolve(routes)]);
  renderAt('/teacher/9', loader, <RemoteRoute remote="community" path="/teacher/:id" timeoutMs={8000} />);
  expect(screen.getByTestId('remote-loading')).toBeInTheDocument();
  await act(async () => {
    jest.advanceTimersByTime(7999);
  });
  expect(screen.queryByTestId('remote-fallback')).not.toBeInTheDocument();
  await act(async () => {
    jest.advanceTimersByTime(1);
  });
  expect(screen.getByTestId('remote-fallback')).toBeInTheDocument();

  await act(async () => {
    screen.getByRole('button', { name: 'Try again' }).click();
  });
  expect(screen.getByText('teacher 9')).toBeInTheDocument();
});

test('a route map without the requested path shows the fallback', async () => {
  const loader = scriptedLoader([() => Promise.resolve({ '/communaute': routes['/communaute'] })]);
  renderAt('/teacher/3', loader, <RemoteRoute remote="community" path="/teacher/:id" />);
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
});

test('a screen that crashes while rendering is contained by the error boundary', async () => {
  const loader = scriptedLoader([() => Promise.resolve(routes)]);
  renderAt('/ranking', loader, <RemoteRoute remote="community" path="/ranking" />, '/ranking');
  expect(await screen.findByTestId('remote-fallback')).toHaveTextContent('This section is unavailable right now.');
});

test('without a loader (federation not initialised) the fallback shows', async () => {
  render(
    <MemoryRouter initialEntries={['/auth']}>
      <Routes>
        <Route path="/auth" element={<RemoteRoute remote="account" path="/auth" />} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
});

test('a page\'s screen in a chunk of its own is loaded before the page shows; a chunk that failed loads again on "Try again"', async () => {
  const load = jest
    .fn<Promise<{ TeacherScreen: typeof TeacherScreen }>, []>()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValue({ TeacherScreen });
  const lazyRoutes: RemoteRouteMap = { '/teacher/:id': lazyScreen(load, 'TeacherScreen') };
  const loader = scriptedLoader([() => Promise.resolve(lazyRoutes)]);
  renderAt('/teacher/3', loader, <RemoteRoute remote="community" path="/teacher/:id" />);
  expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('remote-retry'));
  expect(await screen.findByText('teacher 3')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});

describe('render modes (issue #39)', () => {
  test('server mode renders the placeholder the composer replaces, inside a Suspense boundary', () => {
    const html = renderToString(
      <RemoteRenderModeProvider value={{ mode: 'server', path: '/teacher/:id' }}>
        <RemoteRoute remote="community" path="/teacher/:id" />
      </RemoteRenderModeProvider>,
    );
    expect(html).toBe(`<!--$-->${SERVER_SLOT_HTML}<!--/$-->`);
  });

  test('a route other than the server-rendered one renders as on the client', () => {
    const html = renderToString(
      <RemoteRenderModeProvider value={{ mode: 'server', path: '/ranking' }}>
        <RemoteRoute remote="community" path="/teacher/:id" />
      </RemoteRenderModeProvider>,
    );
    expect(html).not.toContain(SERVER_SLOT_HTML);
    expect(html).toContain('remote-loading');
  });

  test('hydrating mode with the remote and its screen already loaded renders the screen at once (no loading frame)', () => {
    const loader = scriptedLoader([() => Promise.resolve(routes)]);
    return loader.load('community').then(() => {
      renderAt(
        '/teacher/7',
        loader,
        <RemoteRenderModeProvider value={{ mode: 'hydrating', path: '/teacher/:id' }}>
          <RemoteRoute remote="community" path="/teacher/:id" />
        </RemoteRenderModeProvider>,
      );
      expect(screen.getByText('teacher 7')).toBeInTheDocument();
      expect(screen.queryByTestId('remote-loading')).toBeNull();
    });
  });

  test('hydrating mode without a server page renders the screen once loaded; a failed load falls back, and "Try again" recovers', async () => {
    const loader = scriptedLoader([() => Promise.reject(new Error('down')), () => Promise.resolve(routes)]);
    renderAt(
      '/teacher/4',
      loader,
      <RemoteRenderModeProvider value={{ mode: 'hydrating', path: '/teacher/:id' }}>
        <RemoteRoute remote="community" path="/teacher/:id" />
      </RemoteRenderModeProvider>,
    );
    expect(await screen.findByTestId('remote-fallback')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByText('teacher 4')).toBeInTheDocument();
  });
});
