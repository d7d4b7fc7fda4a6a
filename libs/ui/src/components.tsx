import { type ButtonHTMLAttributes, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES, isLanguage, setLanguage, useFormat } from '@pupitre/i18n';
import { useHydrated } from './hydration';

export interface PanelProps {
  title?: ReactNode;
  /** Heading level of the title (default 2). */
  level?: 1 | 2 | 3;
  tone?: 'default' | 'alert';
  children?: ReactNode;
  className?: string;
  'data-testid'?: string;
  role?: string;
}

export function Panel({ title, level = 2, tone = 'default', children, className, role, ...rest }: PanelProps) {
  const Heading = `h${level}` as const;
  const classes = ['pp-panel', tone === 'alert' ? 'pp-panel--alert' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={classes} role={role} data-testid={rest['data-testid']}>
      {title ? <Heading>{title}</Heading> : null}
      {children}
    </section>
  );
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
}

export function Button({ variant = 'primary', className, type = 'button', ...props }: ButtonProps) {
  const classes = ['pp-button', variant === 'secondary' ? 'pp-button--secondary' : '', className ?? ''].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...props} />;
}

/** A spinner; decorative (the text beside it is what assistive technologies read). */
export function Spinner() {
  return <span className="pp-spinner" aria-hidden="true" />;
}

/** Loading state announced politely to screen readers ("Loading..." by default). */
export function Loading({ label, 'data-testid': testId }: { label?: string; 'data-testid'?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="pp-loading" role="status" aria-live="polite" aria-busy="true" data-testid={testId ?? 'loading'}>
      <Spinner />
      <span>{label ?? t('remote.loading')}</span>
    </div>
  );
}

/**
 * Root element of every micro-frontend's screen: `data-testid="mfe-<name>"`, and the build that
 * rendered it in the browser in `data-mfe-version` (for support and the shipping checks; never
 * shown). Server HTML has none (its renderer may be another build): it is set once the browser's
 * build has taken the page over (issue #39).
 */
export function MfeRoot({ name, version, children }: { name: string; version: string; children?: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className={`pp-mfe pp-mfe--${name}`} data-testid={`mfe-${name}`} data-mfe-version={hydrated ? version : undefined}>
      {children}
    </div>
  );
}

/** A short note above content: `offline` for a copy shown while the network is away. */
export function Notice({
  tone = 'info',
  children,
  'data-testid': testId,
}: {
  tone?: 'info' | 'offline';
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <p className={`pp-notice${tone === 'info' ? ' pp-notice--info' : ''}`} role="status" data-testid={testId}>
      {children}
    </p>
  );
}

/** "Offline: shown as it was on 23 Nov 2026, 14:05" above a copy kept from an earlier visit. */
export function OfflineNotice({ asOf }: { asOf: number }) {
  const { t } = useTranslation('common');
  const format = useFormat();
  return (
    <Notice tone="offline" data-testid="offline-copy">
      {t('offlineCopy', { moment: format.moment(asOf) })}
    </Notice>
  );
}

/**
 * Inside a server-rendered form (issue #39), above its submit button: with JavaScript off the form
 * cannot be sent, and says so instead of doing nothing. Nothing is shown with JavaScript on.
 */
export function NeedsJavaScript() {
  const { t } = useTranslation('common');
  return (
    <noscript>
      <p className="pp-notice pp-noscript" data-testid="needs-javascript">
        {t('Global.formNeedsJavaScript')}
      </p>
    </noscript>
  );
}

/** Language selector; the choice is stored (`lang`) and applied to every micro-frontend at once. */
export function LanguageSelect({ id = 'pp-language' }: { id?: string }) {
  const { t, i18n } = useTranslation('common');
  return (
    <span>
      <label htmlFor={id} className="pp-visually-hidden">
        {t('nav.language')}
      </label>
      <select
        id={id}
        className="pp-select pp-select--inline"
        value={i18n.resolvedLanguage ?? i18n.language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * The layout-less frame a micro-frontend uses when it runs alone (its own dev server or its own
 * deployment): a title bar with the language selector, and the screen below.
 */
export function StandaloneFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="pp-frame">
      <div className="pp-frame__bar">
        <strong>{title}</strong>
        <LanguageSelect id="pp-frame-language" />
      </div>
      <main>{children}</main>
    </div>
  );
}

/** Sets the document title to "Pupitre · <title>" (product name + translated title). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `Pupitre · ${title}`;
  }, [title]);
}

/** A request that failed, with a retry: the one error panel of every screen that loads data. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Panel tone="alert" role="alert">
      <p>{t('load.failed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('remote.retry')}
      </Button>
    </Panel>
  );
}
