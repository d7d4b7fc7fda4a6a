import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Panel } from '@pupitre/ui';
import { RankingList } from './RankingList';
import { Screen } from './Screen';

export function CommunityPage() {
  const { t } = useTranslation('community');
  return (
    <Screen title={t('community.title')}>
      <h1>{t('community.title')}</h1>
      <p>{t('community.lead')}</p>
      <Panel title={t('community.bestTeachers')}>
        <RankingList limit={10} showSubjects={false} />
        <p>
          <Link to="/ranking">{t('community.seeRanking')}</Link>
        </p>
      </Panel>
    </Screen>
  );
}
