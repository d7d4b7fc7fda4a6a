import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import { Screen, TeacherSearch } from '@pupitre/review-ui';
import { LoadError, Loading, OfflineNotice } from '@pupitre/ui';
import { MFE } from '../version';
import { RankingList } from './RankingList';
import { CategoryCarousels } from './reviews';
import { TeacherDetails } from './TeacherPage';
import styles from '../community.module.css';

function Categories() {
  const state = useApiGet<unknown>('/api/rating/community', { keep: true });
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  return (
    <>
      {state.storedAt ? <OfflineNotice asOf={state.storedAt} /> : null}
      <CategoryCarousels body={state.data} />
    </>
  );
}

export function CommunityPage() {
  const { t } = useTranslation('community');
  const [teacherId, setTeacherId] = useState<number | null>(null);
  return (
    <Screen {...MFE} title={t('community.title')}>
      <h1>{t('community.title')}</h1>
      <p className="pp-lead">{t('community.lead')}</p>
      <div className={`pp-panel ${styles.searchPanel}`}>
        <TeacherSearch id="community-search" label={t('community.searchTitle')} onSelect={(teacher) => setTeacherId(teacher.id)} />
      </div>
      {teacherId !== null ? (
        <div className={styles.chosen} data-testid="chosen-teacher">
          <TeacherDetails key={teacherId} id={teacherId} headingLevel={2} />
        </div>
      ) : null}
      <section className={styles.section} aria-labelledby="community-reviews">
        <h2 id="community-reviews">{t('community.reviewsTitle')}</h2>
        <Categories />
      </section>
      <section className={`pp-panel ${styles.best}`} aria-labelledby="community-best">
        <h2 id="community-best">{t('community.bestTeachers')}</h2>
        <p className={styles.how}>{t('ranking.how')}</p>
        <RankingList limit={10} showSubjects={false} />
        <p className={styles.more}>
          <Link className="pp-link" to="/ranking">
            {t('community.seeRanking')}
          </Link>
        </p>
      </section>
    </Screen>
  );
}
