import { useTranslation } from 'react-i18next';
import { Screen } from '@pupitre/review-ui';
import { MFE } from '../version';
import { RankingList } from './RankingList';

export function RankingPage() {
  const { t } = useTranslation('community');
  return (
    <Screen {...MFE} title={t('ranking.title')}>
      <h1>{t('ranking.title')}</h1>
      <p>{t('ranking.lead')}</p>
      <RankingList />
    </Screen>
  );
}
