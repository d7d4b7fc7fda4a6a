import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import type { Transparency } from '@pupitre/contracts';
import { Screen } from '@pupitre/review-ui';
import { LoadError, Loading } from '@pupitre/ui';
import { MFE } from '../version';
import styles from './transparency.module.css';

export const TRANSPARENCY_PATH = '/api/transparency';

const MOMENT = { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' } as const;

/** Reasons a review is held or removed, as the page explains them (the keys of the moderation reasons). */
const RULES = [
  'offensive-language',
  'personal-data',
  'threat',
  'identifying-details',
  'off-topic',
  'not-about-teaching',
  'false-statement',
] as const;

/**
 * /transparence (public): how reviews are checked and moderated, how to report, what teachers can
 * do, and the monthly figures the rating worker computes from the data (reviews published, held,
 * removed; reports received and decided, kept or removed; the median time to a decision).
 */
export function TransparencyPage() {
  const { t, i18n } = useTranslation('review');
  const state = useApiGet<Transparency>(TRANSPARENCY_PATH, { auth: false });
  const monthName = (month: string) =>
    new Date(`${month}-01T00:00:00Z`).toLocaleDateString(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  // In UTC, named: the same text on the server and in the browser, wherever the visitor is (issue #39).
  const moment = (iso: string) => new Date(iso).toLocaleString(i18n.language, { ...MOMENT, timeZone: 'UTC', timeZoneName: 'short' });
  const hours = (value: number | null) => (value === null ? '–' : t('transparency.hours', { value: value.toLocaleString(i18n.language) }));
  return (
    <Screen {...MFE} title={t('transparency.title')}>
      <div className={styles.page} data-testid="transparency">
        <h1>{t('transparency.title')}</h1>
        <p>{t('transparency.lead')}</p>
        <section aria-labelledby="tr-checks">
          <h2 id="tr-checks">{t('transparency.checksTitle')}</h2>
          <p>{t('transparency.checks')}</p>
        </section>
        <section aria-labelledby="tr-rules">
          <h2 id="tr-rules">{t('transparency.rulesTitle')}</h2>
          <p>{t('transparency.rules')}</p>
          <ul>
            {RULES.map((rule) => (
              <li key={rule}>{t(`moderation.reasons.${rule}`)}</li>
            ))}
          </ul>
          <p>{t('transparency.decisions')}</p>
        </section>
        <section aria-labelledby="tr-report">
          <h2 id="tr-report">{t('transparency.reportTitle')}</h2>
          <p>{t('transparency.report')}</p>
        </section>
        <section aria-labelledby="tr-teachers">
          <h2 id="tr-teachers">{t('transparency.teachersTitle')}</h2>
          <p>{t('transparency.teachers')}</p>
        </section>
        <section aria-labelledby="tr-figures">
          <h2 id="tr-figures">{t('transparency.figuresTitle')}</h2>
          {state.status === 'loading' ? <Loading /> : null}
          {state.status === 'error' ? <LoadError onRetry={state.reload} /> : null}
          {state.status === 'success' && state.data.months.length === 0 ? (
            <p data-testid="figures-none">{t('transparency.noFigures')}</p>
          ) : null}
          {state.status === 'success' && state.data.months.length ? (
            <>
              <p className={styles.hint}>
                {state.data.generated_at ? t('transparency.figuresLead', { date: moment(state.data.generated_at) }) : null}
              </p>
              <div className={styles.scroll} role="region" aria-labelledby="tr-figures" tabIndex={0}>
                <table className={styles.table} data-testid="figures">
                  <thead>
                    <tr>
                      <th scope="col">{t('transparency.month')}</th>
                      <th scope="col">{t('transparency.published')}</th>
                      <th scope="col">{t('transparency.held')}</th>
                      <th scope="col">{t('transparency.removed')}</th>
                      <th scope="col">{t('transparency.reports')}</th>
                      <th scope="col">{t('transparency.reportsKept')}</th>
                      <th scope="col">{t('transparency.reportsRemoved')}</th>
                      <th scope="col">{t('transparency.median')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...state.data.months].reverse().map((m) => (
                      <tr key={m.month} data-month={m.month}>
                        <th scope="row">{monthName(m.month)}</th>
                        <td>{m.published}</td>
                        <td>{m.held}</td>
                        <td>{m.removed}</td>
                        <td>{m.reports}</td>
                        <td>{m.reports_kept}</td>
                        <td>{m.reports_removed}</td>
                        <td>{hours(m.median_hours_to_decision)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
        </section>
      </div>
    </Screen>
  );
}
