import { useEffect, useState } from 'react';
import { useFormat } from '@pupitre/i18n';
import { isSignedIn } from '@pupitre/session';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '@pupitre/review-ui';
import { Button, Panel } from '@pupitre/ui';
import { isId, reviewApi } from '../api';
import { MFE } from '../version';
import styles from '../review.module.css';

type ShareState = 'idle' | 'shared' | 'copied' | 'manual';

/** Shares the community through the device's share function; copies the link where there is none. */
function ShareCard() {
  const { t } = useTranslation('review');
  const [state, setState] = useState<ShareState>('idle');
  const url = `${window.location.origin}/communaute`;
  const canShare = typeof navigator.share === 'function';

  const share = async () => {
    if (canShare) {
      try {
        await navigator.share({ title: 'Pupitre', text: t('complete.shareText'), url });
        setState('shared');
      } catch {
        // Cancelled by the user: nothing to say.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('manual');
    }
  };

  return (
    <Panel title={t('complete.shareTitle')} level={2} data-testid="share-card">
      <p>{t('complete.shareLead')}</p>
      <Button variant="secondary" onClick={() => void share()} data-testid="share">
        {canShare ? t('complete.share') : t('complete.copy')}
      </Button>
      <p role="status" className={styles.hint} data-testid="share-status">
        {state === 'copied' ? t('complete.copied') : state === 'shared' ? t('complete.shared') : ''}
      </p>
      {state === 'manual' ? (
        <p>
          <label htmlFor="share-url">{t('complete.manual')}</label>
          <input id="share-url" className="pp-input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </p>
      ) : null}
    </Panel>
  );
}

/** When the author's review will be public (the release after its validation), once known. */
function usePublicAt(id: string | null): string | null {
  const [publicAt, setPublicAt] = useState<string | null>(null);
  useEffect(() => {
    if (!isId(id) || !isSignedIn()) return; // only its author can be told
    let live = true;
    void reviewApi.publicAt(Number(id)).then((at) => live && setPublicAt(at));
    return () => {
      live = false;
    };
  }, [id]);
  return publicAt;
}

export function PublicationCompletePage() {
  const { t } = useTranslation('review');
  const format = useFormat();
  const [params] = useSearchParams();
  const id = params.get('id');
  const publicAt = usePublicAt(id);
  return (
    <Screen {...MFE} title={t('complete.title')}>
      <h1>{t('complete.title')}</h1>
      <p>{t('complete.lead')}</p>
      <p className={styles.note} data-testid="validation-note">
        {publicAt ? t('complete.validation', { time: format.soon(publicAt) }) : t('complete.validationSoon')}
        {isId(id) ? ` ${t('complete.reference', { id })}` : ''}
      </p>
      <div className={styles.cards}>
        <Panel title={t('complete.homeTitle')} level={2} data-testid="home-card">
          <Link to="/">{t('complete.home')}</Link>
        </Panel>
        <Panel title={t('complete.anotherTitle')} level={2} data-testid="another-card">
          <Link to="/publication">{t('complete.another')}</Link>
        </Panel>
        <ShareCard />
      </div>
    </Screen>
  );
}
