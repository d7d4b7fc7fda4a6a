import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@pupitre/ui';
import { useRuntimeConfig } from '../config/runtime-config';
import { useNow } from '../config/clock';
import styles from '../shell.module.css';

/** Days, hours, minutes and seconds left until `target` (Unix seconds); zeros once passed. */
export function countdownParts(target: number, now: number) {
  const left = Math.max(0, Math.floor(target - now));
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

export function LaunchCountdown({ launchAt }: { launchAt: number }) {
  const { t } = useTranslation('common');
  const { socialUrl } = useRuntimeConfig();
  const now = useNow(1000);
  usePageTitle(t('title.launch'));
  const parts = countdownParts(launchAt, now);
  return (
    <main className={styles.launch} data-testid="launch-countdown">
      <h1>{t('launch.title')}</h1>
      <p>{t('launch.lead')}</p>
      <ol className={styles.countdown} aria-live="off">
        {(['days', 'hours', 'minutes', 'seconds'] as const).map((unit) => (
          <li key={unit} data-testid={`countdown-${unit}`}>
            <strong>{String(parts[unit]).padStart(2, '0')}</strong>
            <span>{t(`launch.${unit}`)}</span>
          </li>
        ))}
      </ol>
      <a href={socialUrl} className="pp-button" rel="noopener noreferrer" target="_blank">
        {t('launch.social')}
      </a>
    </main>
  );
}

/** Before the launch moment the whole app is the countdown; it opens by itself when the time comes. */
export function LaunchGate({ children }: { children: ReactNode }) {
  const { launchAt } = useRuntimeConfig();
  const [open, setOpen] = useState(() => Date.now() / 1000 >= launchAt);
  useEffect(() => {
    if (open) return;
    const timer = setInterval(() => {
      if (Date.now() / 1000 >= launchAt) setOpen(true);
    }, 1000);
    return () => clearInterval(timer);
  }, [open, launchAt]);
  return open ? <>{children}</> : <LaunchCountdown launchAt={launchAt} />;
}
