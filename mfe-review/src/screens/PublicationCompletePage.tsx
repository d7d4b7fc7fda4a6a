import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Panel } from '@pupitre/ui';
import { Screen } from './Screen';
import styles from '../review.module.css';

export function PublicationCompletePage() {
  const { t } = useTranslation('review');
  return (
    <Screen title={t('complete.title')}>
      <h1>{t('complete.title')}</h1>
      <p>{t('complete.lead')}</p>
      <div className={styles.cards}>
        <Panel title={t('complete.homeTitle')} level={2}>
          <Link to="/">{t('complete.home')}</Link>
        </Panel>
        <Panel title={t('complete.anotherTitle')} level={2}>
          <Link to="/publication">{t('complete.another')}</Link>
        </Panel>
      </div>
    </Screen>
  );
}
