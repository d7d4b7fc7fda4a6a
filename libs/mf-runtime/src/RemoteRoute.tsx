import {
  Component,
  createContext,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button, isScreenLoaded, Loading, Panel, preloadScreen } from '@pupitre/ui';
import { type RemoteLoader, type RemoteRouteMap, RemoteUnavailableError } from './loader';
import { type RemoteName } from './remote-names';
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

/**
 * The element of one shell <Route>: loads `<remote>/routes` lazily (once per page), picks the
 * component registered under `path` and renders it inside the router, so `useParams()` works in
 * the remote. A load error, a timeout, a missing path or a render crash shows the fallback panel,
 * whose "Try again" reloads the remote without reloading the page.
 */
export function RemoteRoute<R extends RemoteName>({ remote, path, timeoutMs = DEFAULT_REMOTE_TIMEOUT_MS }: RemoteRouteProps<R>) {
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
