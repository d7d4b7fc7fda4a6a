import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RankingEntry } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { teacherName } from '@pupitre/review-ui';
import { LoadError, Loading, OfflineNotice, Score } from '@pupitre/ui';
import styles from '../community.module.css';

/**
 * GET /api/teachers/ranking as a numbered list, best first ("Loading..." meanwhile): each teacher
 * with the score the order follows (out of 10, with stars) and the number of reviews behind it.
 */
export function RankingList({ limit, showSubjects = true }: { limit?: number; showSubjects?: boolean }) {
  const { t } = useTranslation('community');
  const state = useApiGet<RankingEntry[]>('/api/teachers/ranking', { keep: true });
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const entries = Array.isArray(state.data) ? state.data.slice(0, limit) : [];
  if (entries.length === 0) return <p>{t('ranking.empty')}</p>;
  return (
    <>
      {state.storedAt ? <OfflineNotice asOf={state.storedAt} /> : null}
      <ol className={styles.ranking} data-testid="ranking-list">
        {entries.map((entry, i) => (
          <li key={entry.id} className={styles.rankRow} data-teacher-id={entry.id}>
            <span className={styles.rank} aria-hidden="true">
              {i + 1}
            </span>
            <span className={styles.rankWho}>
              <Link to={`/teacher/${entry.id}`} className={styles.rankName}>
                {teacherName(entry)}
              </Link>
              {showSubjects && entry.subjects.length > 0 ? <span className={styles.rankSubjects}>{entry.subjects.join(' · ')}</span> : null}
            </span>
            <Score value={entry.score} count={entry.reviews} size="sm" data-testid="ranking-score" />
          </li>
        ))}
      </ol>
    </>
  );
}
