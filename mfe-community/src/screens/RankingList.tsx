import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RankingEntry } from '@pupitre/contracts';
import { useApiGet } from '@pupitre/api-client';
import { formatRating, teacherName } from '@pupitre/review-ui';
import { LoadError, Loading } from '@pupitre/ui';
import styles from '../community.module.css';

/** "Mme Durand — 8.5": prefix, name, rating with one decimal. */
export function formatRankingEntry(entry: Pick<RankingEntry, 'prefix' | 'name' | 'rating'>): string {
  return `${teacherName(entry)} — ${formatRating(entry.rating)}`;
}

/** GET /api/teachers/ranking as a numbered list, best first ("Loading..." meanwhile). */
export function RankingList({ limit, showSubjects = true }: { limit?: number; showSubjects?: boolean }) {
  const { t } = useTranslation('community');
  const state = useApiGet<RankingEntry[]>('/api/teachers/ranking');
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  const entries = Array.isArray(state.data) ? state.data.slice(0, limit) : [];
  if (entries.length === 0) return <p>{t('ranking.empty')}</p>;
  return (
    <ol className={styles.list} data-testid="ranking-list">
      {entries.map((entry) => (
        <li key={entry.id} className={styles.item} data-teacher-id={entry.id}>
          <span>
            <Link to={`/teacher/${entry.id}`} className={styles.name}>
              {formatRankingEntry(entry)}
            </Link>
            {showSubjects && entry.subjects.length > 0 ? <span className={styles.subjects}> · {entry.subjects.join(', ')}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
