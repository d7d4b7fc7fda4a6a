import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import { Screen, TeacherSearch } from '@pupitre/review-ui';
import { LoadError, Loading, Panel } from '@pupitre/ui';
import { MFE } from '../version';
import { RankingList } from './RankingList';
import { CategoryCarousels } from './reviews';
import { TeacherDetails } from './TeacherPage';
import styles from '../community.module.css';

function Categories() {
  const state = useApiGet<unknown>('/api/rating/community');
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  return <CategoryCarousels body={state.data} />;
}

export function CommunityPage() {
  const { t } = useTranslation('community');
  const [teacherId, setTeacherId] = useState<number | null>(null);
  return (
    <Screen {...MFE} title={t('community.title')}>
      <h1>{t('community.title')}</h1>
      <p>{t('community.lead')}</p>
      <div className={styles.searchPanel}>
        <TeacherSearch onSelect={(teacher) => setTeacherId(teacher.id)} />
      </div>
      {teacherId !== null ? (
        <Panel className={styles.chosen} data-testid="chosen-teacher">
          <TeacherDetails key={teacherId} id={teacherId} headingLevel={2} />
        </Panel>
      ) : null}
      <Categories />
      <Panel title={t('community.bestTeachers')}>
        <RankingList limit={10} showSubjects={false} />
        <p>
          <Link to="/ranking">{t('community.seeRanking')}</Link>
        </p>
      </Panel>
    </Screen>
  );
}
