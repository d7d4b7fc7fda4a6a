import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type PublicReview, YEARS } from '@pupitre/contracts';
import { api } from '@pupitre/api-client';
import { teacherName } from './format';
import { FlagIcon, HeartIcon, ThumbIcon } from './icons';
import { RelatableBar } from './RelatableBar';
import { ReportDialog } from './ReportDialog';
import type { ReviewBook } from './review-book';
import { Stars } from './Stars';
import { SubjectChip } from './SubjectChip';
import styles from './review-ui.module.css';

export interface ReviewCardProps {
  review: PublicReview;
  book: ReviewBook;
  signedIn: boolean;
  goToAuth: () => void;
  /** Link the teacher's name to /teacher/{id} (default true). */
  linkTeacher?: boolean;
}

/**
 * The review card shared by every screen that shows reviews: stars (tot_rating / 2), teacher,
 * subject with its colour, comment, relatable bar, like/dislike, report flag and favourite.
 */
export function ReviewCard({ review, book, signedIn, goToAuth, linkTeacher = true }: ReviewCardProps) {
  const { t } = useTranslation('review-ui');
  const live = book.live(review);
  const [reporting, setReporting] = useState(false);
  const [reportStatus, setReportStatus] = useState<'sent' | 'failed' | null>(null);
  const name = teacherName(review.teacher);

  const report = async (content: string, notify: boolean) => {
    const outcome = await api.post(`/api/rating/${review.id}/report`, notify ? { content, notify } : { content });
    setReportStatus(outcome.kind === 'ok' || outcome.kind === 'no-content' ? 'sent' : 'failed');
  };

  return (
    <article className={styles.card} aria-label={t('card.label', { teacher: name })} data-testid="review-card" data-review-id={review.id}>
      <header className={styles.cardHeader}>
        <Stars rating={review.tot_rating} />
        <h3 className={styles.cardTeacher}>{linkTeacher ? <Link to={`/teacher/${review.teacher.id}`}>{name}</Link> : name}</h3>
        <p className={styles.cardMeta}>
          <SubjectChip name={review.subject} color={review.subject_color} />
          {YEARS[review.year] ? <span className={styles.year}>{YEARS[review.year]}</span> : null}
        </p>
      </header>
      <p className={review.text_rating ? styles.comment : `${styles.comment} ${styles.muted}`} data-testid="review-comment">
        {review.text_rating || t('card.noComment')}
      </p>
      <RelatableBar percent={live.relatable} count={live.relatable_count} />
      <div className={styles.actions}>
        <div role="group" aria-label={t('vote.group')} className={styles.voteGroup}>
          <button
            type="button"
            className={styles.iconButton}
            aria-pressed={live.vote === true}
            aria-label={t('vote.like')}
            title={t('vote.like')}
            disabled={live.voteBusy}
            onClick={() => void book.vote(review, true)}
            data-testid="vote-like"
          >
            <ThumbIcon filled={live.vote === true} />
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-pressed={live.vote === false}
            aria-label={t('vote.dislike')}
            title={t('vote.dislike')}
            disabled={live.voteBusy}
            onClick={() => void book.vote(review, false)}
            data-testid="vote-dislike"
          >
            <ThumbIcon down filled={live.vote === false} />
          </button>
        </div>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t('report.open')}
          title={t('report.open')}
          onClick={() => (signedIn ? setReporting(true) : goToAuth())}
          data-testid="report-open"
        >
          <FlagIcon />
        </button>
        <button
          type="button"
          className={`${styles.iconButton} ${live.favourite ? styles.favourite : ''}`}
          aria-pressed={live.favourite}
          aria-label={live.favourite ? t('favourite.remove') : t('favourite.add')}
          title={live.favourite ? t('favourite.remove') : t('favourite.add')}
          disabled={live.favouriteBusy}
          onClick={() => void book.toggleFavourite(review)}
          data-testid="favourite"
        >
          <HeartIcon filled={live.favourite} />
        </button>
      </div>
      {reportStatus ? (
        <p role="status" className={reportStatus === 'sent' ? 'pp-success' : 'pp-error'} data-testid="report-status">
          {t(`report.${reportStatus}`)}
        </p>
      ) : null}
      {reporting ? <ReportDialog onClose={() => setReporting(false)} onSubmit={(content, notify) => void report(content, notify)} /> : null}
    </article>
  );
}
