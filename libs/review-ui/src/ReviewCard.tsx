import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicReview } from '@pupitre/contracts';
import { api } from '@pupitre/api-client';
import { useFormat } from '@pupitre/i18n';
import { Stars } from '@pupitre/ui';
import { teacherName } from './format';
import { ChevronIcon, FlagIcon, HeartIcon, ThumbIcon } from './icons';
import { RelatableBar } from './RelatableBar';
import { ReportDialog } from './ReportDialog';
import type { ReviewBook } from './review-book';
import { ReviewCriteria } from './ReviewCriteria';
import { SubjectChip } from './SubjectChip';
import styles from './review-ui.module.css';

export interface ReviewCardProps {
  review: PublicReview;
  book: ReviewBook;
  signedIn: boolean;
  goToAuth: () => void;
  /** Link the teacher's name to /teacher/{id} (default true). */
  linkTeacher?: boolean;
  /** On the teacher's own page his name heads the page: the card leaves it out (default false). */
  hideTeacher?: boolean;
  /**
   * Makes the card's element ids unique where the same review shows twice on a page (e.g. the
   * carousel's category). Ids come from data, never from useId: a server-rendered card must get
   * the same ids wherever its tree is hydrated (issue #39).
   */
  idScope?: string;
}

/**
 * The review card shared by every screen that shows reviews: stars (tot_rating / 2) and the month it
 * was written ("novembre 2026": never the day, nor the class year, which would narrow its author
 * down: docs/threat-model.md), teacher, subject with its colour, comment, the criteria of the review
 * on demand, relatable bar, like/dislike, report flag and favourite.
 */
export function ReviewCard({ review, book, signedIn, goToAuth, linkTeacher = true, hideTeacher = false, idScope }: ReviewCardProps) {
  const { t } = useTranslation('review-ui');
  const format = useFormat();
  const live = book.live(review);
  const detailsId = `review-criteria-${idScope ? `${idScope.replace(/[^a-zA-Z0-9_-]/g, '')}-` : ''}${review.id}`;
  const [details, setDetails] = useState(false);
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
        <p className={styles.cardTop}>
          <Stars rating={review.tot_rating} size={18} />
          <time className={styles.date} dateTime={review.created_at.slice(0, 7)} data-testid="review-date">
            {format.month(review.created_at)}
          </time>
        </p>
        {hideTeacher ? null : (
          <h3 className={styles.cardTeacher}>{linkTeacher ? <Link to={`/teacher/${review.teacher.id}`}>{name}</Link> : name}</h3>
        )}
        <p className={styles.cardMeta}>
          <SubjectChip name={review.subject} color={review.subject_color} />
        </p>
      </header>
      <p className={review.text_rating ? styles.comment : `${styles.comment} ${styles.muted}`} data-testid="review-comment">
        {review.text_rating || t('card.noComment')}
      </p>
      {review.reply ? (
        <div className={styles.reply} data-testid="teacher-reply">
          <p className={styles.replyLabel}>{t('card.teacherReply')}</p>
          <p className={styles.comment}>{review.reply.text}</p>
        </div>
      ) : null}
      <button
        type="button"
        className={styles.detailsToggle}
        aria-expanded={details}
        aria-controls={details ? detailsId : undefined}
        onClick={() => setDetails((open) => !open)}
        data-testid="review-details"
      >
        {details ? t('card.hideDetails') : t('card.details')}
        <ChevronIcon up={details} />
      </button>
      {details ? <ReviewCriteria id={detailsId} grades={review.grades ?? {}} answers={review.answers ?? {}} /> : null}
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
