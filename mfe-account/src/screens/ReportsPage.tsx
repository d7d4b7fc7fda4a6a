import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import { LoadError, Loading } from '@pupitre/ui';
import { MY_REPORTS_PATH, type MyReport } from '../api';
import styles from '../account.module.css';
import { useDate } from './dates';
import { Screen } from './Screen';

const KNOWN_REASONS = [
  'no-breach',
  'offensive-language',
  'personal-data',
  'threat',
  'moderator',
  'off-topic',
  'not-about-teaching',
  'false-statement',
  'other',
  'teacher-delisted',
];

/**
 * /me/reports: each report the user made, with what the moderators decided and why (notice and
 * statement of reasons). Never who wrote the review.
 */
export function ReportsPage() {
  const { t } = useTranslation('account');
  const state = useApiGet<MyReport[]>(MY_REPORTS_PATH);
  const formatDate = useDate();
  const reasonText = (reason: string) => (KNOWN_REASONS.includes(reason) ? t(`myReports.reasons.${reason}`) : reason);
  return (
    <Screen title={t('myReports.title')}>
      <h1>{t('myReports.title')}</h1>
      <p>{t('myReports.lead')}</p>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'error' ? <LoadError onRetry={state.reload} /> : null}
      {state.status === 'success' && state.data.length === 0 ? <p>{t('myReports.empty')}</p> : null}
      <ul className={styles.cards} data-testid="my-reports-list">
        {state.status === 'success'
          ? state.data.map((report) => (
              <li key={report.review_id} className={styles.card} data-testid="my-report" data-outcome={report.outcome}>
                <p className={styles.cardTitle}>
                  {report.teacher ? (
                    <Link to={`/teacher/${report.teacher.id}`}>
                      {t('myReports.about', { teacher: `${report.teacher.prefix} ${report.teacher.name}` })}
                    </Link>
                  ) : (
                    t('myReports.aboutRemoved')
                  )}
                </p>
                <blockquote className={styles.meta}>{report.content}</blockquote>
                <p className={styles.meta}>{t('myReports.sent', { date: formatDate(report.created_at) })}</p>
                <p>
                  <span className={`${styles.status} ${styles[`report-${report.outcome}`] ?? ''}`} data-testid="report-outcome">
                    {t(`myReports.outcome.${report.outcome}`)}
                  </span>
                  {report.decided_at ? (
                    <span className={styles.meta}> · {t('myReports.decided', { date: formatDate(report.decided_at) })}</span>
                  ) : null}
                </p>
                {report.reason ? <p data-testid="report-reason">{t('myReports.reason', { reason: reasonText(report.reason) })}</p> : null}
                {report.reason_text ? (
                  <p data-testid="report-reason-text">{t('myReports.reasonText', { text: report.reason_text })}</p>
                ) : null}
              </li>
            ))
          : null}
      </ul>
    </Screen>
  );
}
