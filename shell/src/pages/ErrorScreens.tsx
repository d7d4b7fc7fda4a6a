import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Panel, usePageTitle } from '@pupitre/ui';
import styles from '../shell.module.css';

/** Spec, section 9: the error screen returns home after 3 s. */
export const ERROR_SCREEN_REDIRECT_MS = 3000;

/** "Error", then back to / after 3 s (a page that crashed while rendering). */
export function ErrorScreen({ onLeave }: { onLeave?: () => void }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  usePageTitle(t('title.error'));
  useEffect(() => {
    const timer = setTimeout(() => {
      onLeave?.();
      void navigate('/', { replace: true });
    }, ERROR_SCREEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, onLeave]);
  return (
    <Panel title={t('errorPage.title')} level={1} tone="alert" data-testid="error-screen">
      <p>{t('errorPage.body')}</p>
    </Panel>
  );
}

function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const { status, statusText, message } = error as { status?: unknown; statusText?: unknown; message?: unknown };
    if (typeof status === 'number') return `${status}${typeof statusText === 'string' && statusText ? ` ${statusText}` : ''}`;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}

/** The router's last-resort fallback: "Unexpected Application Error!" with the status or message. */
export function RouterFallback({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  return (
    <main className="pp-frame" data-testid="router-fallback">
      <h1>{t('routerError.title')}</h1>
      <pre role="alert" className={styles.fallbackDetail}>
        {describe(error)}
      </pre>
      <a href="/">{t('routerError.back')}</a>
    </main>
  );
}

interface BoundaryState {
  error: unknown;
}

/** Around each page (keyed by path): a crash shows the error screen, the layout stays. */
export class PageErrorBoundary extends Component<{ children?: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] page crashed', error, info.componentStack);
  }
  render() {
    return this.state.error ? <ErrorScreen onLeave={() => this.setState({ error: null })} /> : this.props.children;
  }
}

/** Around the whole app (router included). */
export class RootErrorBoundary extends Component<{ children?: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[shell] unexpected application error', error, info.componentStack);
  }
  render() {
    return this.state.error ? <RouterFallback error={this.state.error} /> : this.props.children;
  }
}
