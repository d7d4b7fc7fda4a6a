// The console's health of the publication (GET /api/moderation/health): the to-do list's tasks that failed, retried with
// back-off by the worker while the others are published. Shown only when there are some. The error itself (a developer's
// message, in English) stays in the API's answer and the worker's log, for whoever fixes it.
import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import { type PublicationHealth } from '@pupitre/contracts';
import styles from './moderation.module.css';

export const HEALTH_PATH = '/api/moderation/health';

export function PublicationHealthNotice() {
  const { t } = useTranslation('review');
  const state = useApiGet<PublicationHealth>(HEALTH_PATH);
  if (state.status !== 'success' || state.data.failingTasks === 0) return null;
  return (
    <section className={styles.notice} role="status" data-testid="publication-health">
      <p>{t('moderation.health.failing', { count: state.data.failingTasks })}</p>
      <ul>
        {state.data.tasks.map((task) => (
          <li key={`${task.kind}-${task.reviewId}`}>
            {t(task.kind === 'reply' ? 'moderation.health.reply' : 'moderation.health.review', {
              id: task.reviewId,
              count: task.attempts,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
