import {
  Component,
  createContext,
  lazy,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, isScreenLoaded, Loading, Panel, preloadScreen } from '@pupitre/ui';
import { type RemoteLoader, type RemoteRouteMap, RemoteUnavailableError } from './loader';
import { type RemoteName } from './remote-names';
import { announceTakenOver } from './ssr';
import { withTimeout } from './with-timeout';

/** A slow remote falls back after this long (its load goes on; "Try again" picks it up). */
export const DEFAULT_REMOTE_TIMEOUT_MS = 8000;

const unavailableLoader: RemoteLoader = {
  load: (remote) => Promise.reject(new RemoteUnavailableError(remote, 'federation not initialised')),
  peek: () => undefined,
  invalidate: () => undefined,
};

export const RemoteLoaderContext = createContext<RemoteLoader>(unavailableLoader);

export function RemoteLoaderProvider({ loader, children }: { loader: RemoteLoader; children?: ReactNode }) {
  return <RemoteLoaderContext.Provider value={loader}>{children}</RemoteLoaderContext.Provider>;
}

/** The translated panel shown instead of an unavailable section. */
export function RemoteFallback({ remote, onRetry }: { remote: RemoteName; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Panel tone="alert" role="alert" data-testid="remote-fallback">
      <p data-remote={remote}>{t('remote.unavailable')}</p>
      <Button onClick={onRetry} data-testid="remote-retry">
        {t('remote.retry')}
      </Button>
    </Panel>
  );
}

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children?: ReactNode;
}

/** Catches render errors of a remote's screen: the rest of the page keeps working. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    announceTakenOver(); // a server-rendered page that could not be taken over is the browser's now
    console.error(`[mf] ${this.props.remote} crashed while rendering`, error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      return (
        <RemoteFallback
          remote={this.props.remote}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

type LoadState = { status: 'loading' } | { status: 'ready'; routes: RemoteRouteMap } | { status: 'failed'; error: unknown };

export interface RemoteRouteProps<R extends RemoteName> {
  remote: R;
  /** The path pattern, as the remote declares it (manifest) and keys its route map. */
  path: string;
  timeoutMs?: number;
}

// ---- Server-rendered pages (issue #39) -------------------------------------------------------
// The composer renders the shell around a remote's page with `mode: 'server'`: the remote's route
// renders a placeholder (SERVER_SLOT_HTML) inside its Suspense boundary, which the composer
// replaces with the fragment from the remote's renderer. The client hydrates the whole page with
// `mode: 'hydrating'`: the route renders the very same element structure, with a lazy screen in
// the boundary, so React keeps the server's HTML until the remote's code is in, then hydrates it
// (selective hydration): no flash, no replaced element.

/** How a RemoteRoute renders: `client` (default, today's client rendering), `server` or `hydrating`. */
export interface RemoteRenderMode {
  mode: 'server' | 'hydrating' | 'client';
  /**
   * The route pattern the page was server-rendered for (the data block's `route`, e.g.
   * `/teacher/:id`); a RemoteRoute for another pattern renders as `client`. Absent: every route.
   */
  path?: string;
}

export const RemoteRenderModeContext = createContext<RemoteRenderMode>({ mode: 'client' });

/**
 * Sets how the RemoteRoutes below render. The composer: `{ mode: 'server', path: route }` around
 * its renderToString; the client: `{ mode: 'hydrating', path: route }` around hydrateRoot's tree
 * (it may stay: a later client render of that route works the same), nothing otherwise.
 */
export function RemoteRenderModeProvider({ value, children }: { value: RemoteRenderMode; children?: ReactNode }) {
  return <RemoteRenderModeContext.Provider value={value}>{children}</RemoteRenderModeContext.Provider>;
}

/** The exact HTML the server-mode RemoteRoute renders where the remote's fragment goes. */
export const SERVER_SLOT_HTML = '<template data-pupitre-slot=""></template>';

/** The placeholder the composer replaces (SERVER_SLOT_HTML). */
function ServerSlot() {
  return <template data-pupitre-slot="" />;
}

/** A thenable that answers at once: React reads a lazy component already loaded without suspending. */
function settled<T>(value: T): Promise<T> {
  return { then: (onFulfilled: (v: T) => unknown) => onFulfilled(value) } as unknown as Promise<T>;
}

/** The remote's screen for `path`, lazily: the remote's routes, then the screen's own chunk. */
function lazyRemoteScreen(loader: RemoteLoader, remote: RemoteName, path: string, timeoutMs: number) {
  const screenOf = (routes: RemoteRouteMap): ComponentType => {
    const Screen = routes[path];
    if (!Screen) throw new Error(`[mf] ${remote}/routes has no component for ${path}`);
    return Screen;
  };
  // The screen is often itself a lazy component (lazyScreen): React wants a function here, which
  // renders it (its module is in by then, so it renders without suspending). Once its server HTML
  // is taken over, the page says so: a performance mark, for tests and measurements.
  const wrap = (Screen: ComponentType) => ({
    default: function TakenOver() {
      useEffect(() => announceTakenOver(), []);
      return <Screen />;
    },
  });
  return lazy(() => {
    const known = loader.peek(remote);
    if (known?.[path] && isScreenLoaded(known[path])) return settled(wrap(known[path]));
    return (known ? Promise.resolve(known) : withTimeout(loader.load(remote), timeoutMs)).then(async (routes) => {
      const Screen = screenOf(routes);
      await preloadScreen(Screen);
      return wrap(Screen);
    });
  });
}

/** Server mode: the boundary with the placeholder the composer fills. */
function ServerRemoteRoute({ remote }: { remote: RemoteName }) {
  return (
    <RemoteErrorBoundary remote={remote} onRetry={() => undefined}>
      <Suspense fallback={<Loading data-testid="remote-loading" />}>
        <ServerSlot />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * Hydrating mode: the same structure as the server's, the screen loading inside the boundary. A
 * failed load shows the fallback panel; its "Try again" goes on as a client-rendered route.
 */
function HydratingRemoteRoute({
  remote,
  path,
  timeoutMs,
  onRetry,
}: {
  remote: RemoteName;
  path: string;
  timeoutMs: number;
  onRetry: () => void;
}) {
  const loader = useContext(RemoteLoaderContext);
  const [Screen] = useState(() => lazyRemoteScreen(loader, remote, path, timeoutMs));
  return (
    <RemoteErrorBoundary remote={remote} onRetry={onRetry}>
      <Suspense fallback={<Loading data-testid="remote-loading" />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/**
 * The element of one shell <Route>: loads `<remote>/routes` lazily (once per page), picks the
 * component registered under `path` and renders it inside the router, so `useParams()` works in
 * the remote. A load error, a timeout, a missing path or a render crash shows the fallback panel,
 * whose "Try again" reloads the remote without reloading the page. Under a RemoteRenderModeProvider
 * it renders the server placeholder or hydrates the server's HTML (see RemoteRenderMode).
 */
export function RemoteRoute<R extends RemoteName>(props: RemoteRouteProps<R>) {
  const { remote, path, timeoutMs = DEFAULT_REMOTE_TIMEOUT_MS } = props;
  const render = useContext(RemoteRenderModeContext);
  const loader = useContext(RemoteLoaderContext);
  const [retried, setRetried] = useState(false);
  const mode = render.path === undefined || render.path === path ? render.mode : 'client';
  if (mode === 'server') return <ServerRemoteRoute remote={remote} />;
  if (mode === 'hydrating' && !retried)
    return (
      <HydratingRemoteRoute
        remote={remote}
        path={path}
        timeoutMs={timeoutMs}
        onRetry={() => {
          loader.invalidate(remote);
          setRetried(true);
        }}
      />
    );
  return <ClientRemoteRoute {...props} />;
}

/** Today's client rendering of a remote route. */
function ClientRemoteRoute<R extends RemoteName>({ remote, path, timeoutMs = DEFAULT_REMOTE_TIMEOUT_MS }: RemoteRouteProps<R>) {
  const loader = useContext(RemoteLoaderContext);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: LoadState } | null>(null);
  const key = `${attempt}:${remote}`;

  useEffect(() => {
    // Already loaded (maybe between this render, which showed "loading", and now, by the shell's
    // early start): answered from there, so this renders again with it rather than staying on
    // "loading"; else loaded, with a timeout.
    const loaded = loader.peek(remote);
    let active = true;
    // The page's own screen (a chunk of its own, preloaded with the remote) is loaded too before
    // the page is shown, so it renders whole at once.
    const withScreen = (routes: RemoteRouteMap) => (routes[path] ? preloadScreen(routes[path]).then(() => routes) : routes);
    (loaded ? Promise.resolve(loaded) : withTimeout(loader.load(remote), timeoutMs)).then(withScreen).then(
      (routes) => {
        // The screen mounts in a transition: React renders it in slices, not one long task.
        if (active) startTransition(() => setResult({ key, state: { status: 'ready', routes } }));
      },
      (error: unknown) => {
        if (!active) return;
        console.warn(`[mf] ${remote} unavailable`, error);
        setResult({ key, state: { status: 'failed', error } });
      },
    );
    return () => {
      active = false;
    };
  }, [loader, remote, path, timeoutMs, key]);

  const retry = () => {
    loader.invalidate(remote);
    setAttempt((n) => n + 1);
  };

  // Known already, with its screen's module in: shown at once (a screen still loading would
  // suspend, and a failed load stay failed inside React: the effect loads it, with "Try again").
  const known = loader.peek(remote);
  const knownReady = known && (!known[path] || isScreenLoaded(known[path]));
  const state: LoadState = knownReady
    ? { status: 'ready', routes: known }
    : result && result.key === key
      ? result.state
      : { status: 'loading' };

  if (state.status === 'loading') return <Loading data-testid="remote-loading" />;
  if (state.status === 'failed') return <RemoteFallback remote={remote} onRetry={retry} />;
  const Screen = state.routes[path];
  if (!Screen) {
    console.error(`[mf] ${remote}/routes has no component for ${path}`);
    return <RemoteFallback remote={remote} onRetry={retry} />;
  }
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      {/* A screen in a chunk of its own (lazyScreen) loads here; its files were preloaded with the remote. */}
      <Suspense fallback={<Loading data-testid="remote-loading" />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
