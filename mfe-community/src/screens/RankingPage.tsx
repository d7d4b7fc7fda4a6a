import { useTranslation } from 'react-i18next';
import { Screen } from '@pupitre/review-ui';
import { MFE } from '../version';
import { RankingList } from './RankingList';
import styles from '../community.module.css';

export function RankingPage() {
  const { t } = useTranslation('community');
  return (
    <Screen {...MFE} title={t('ranking.title')}>
      <h1>{t('ranking.title')}</h1>
      <p className="pp-lead">{t('ranking.lead')}</p>
      <p className={styles.how} data-testid="ranking-how">
        {t('ranking.how')}
      </p>
      <RankingList />
    </Screen>
  );
}
