import { useTranslation } from 'react-i18next';
import { RankingList } from './RankingList';
import { Screen } from './Screen';

export function RankingPage() {
  const { t } = useTranslation('community');
  return (
    <Screen title={t('ranking.title')}>
      <h1>{t('ranking.title')}</h1>
      <p>{t('ranking.lead')}</p>
      <RankingList />
    </Screen>
  );
}
