import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import { useFormat } from '@pupitre/i18n';
import { Button, LoadError, Loading, Stars } from '@pupitre/ui';
import { accountApi, ME_PATH, MY_FAVORITES_PATH, MY_REVIEWS_PATH, type Me, type MyReview, type PublicReview } from '../api';
import styles from '../account.module.css';
import { Screen } from './Screen';

/** One decimal as the language writes it, or "?" when there is no value (spec: profile average). */
export function useOneDecimal() {
  const format = useFormat();
  return (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? format.decimal(value) : '?');
}

const teacherOf = (review: PublicReview) => [review.teacher.prefix, review.teacher.name].filter(Boolean).join(' ');

export function ProfilePage() {
  const { t } = useTranslation('account');
  const state = useApiGet<Me>(ME_PATH);
  const format = useFormat();
  const oneDecimal = useOneDecimal();
  return (
    <Screen title={t('me.title')}>
      <h1>{t('me.title')}</h1>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'error' ? <LoadError onRetry={state.reload} /> : null}
      {state.status === 'success' ? (
        <dl className={styles.stats} data-testid="profile-stats">
          <div>
            <dt>{t('me.reviews')}</dt>
            <dd data-testid="stat-count">{state.data.num}</dd>
          </div>
          <div>
            <dt>{t('me.average')}</dt>
            <dd data-testid="stat-average">
              {oneDecimal(state.data.average)}
              {state.data.average === null ? null : <span className={styles.statScale}>/10</span>}
            </dd>
          </div>
          <div>
            <dt>{t('me.popularity')}</dt>
            <dd data-testid="stat-popularity">{format.percent(state.data.popularity ?? 0)}</dd>
          </div>
          <div>
            <dt>{t('me.since')}</dt>
            <dd data-testid="stat-since" className={styles.statDate}>
              {format.day(state.data.since)}
            </dd>
          </div>
        </dl>
      ) : null}
      <ul className={styles.links}>
        <li>
          <Link className={styles.linkCard} to="/me/reviews">
            {t('me.reviewsLink')}
          </Link>
        </li>
        <li>
          <Link className={styles.linkCard} to="/me/favorites">
            {t('me.favoritesLink')}
          </Link>
        </li>
        <li>
          <Link className={styles.linkCard} to="/me/reports">
            {t('me.reportsLink')}
          </Link>
        </li>
      </ul>
    </Screen>
  );
}

export function FavoritesPage() {
  const { t } = useTranslation('account');
  const state = useApiGet<PublicReview[]>(MY_FAVORITES_PATH);
  const format = useFormat();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const remove = async (id: number) => {
    setBusy(id);
    const outcome = await accountApi.removeFavorite(id);
    setBusy(null);
    if (outcome.kind === 'no-content' || outcome.kind === 'ok') setRemoved((set) => new Set([...set, id]));
  };
  const items = state.status === 'success' ? state.data.filter((review) => !removed.has(review.id)) : [];
  return (
    <Screen title={t('favorites.title')}>
      <h1>{t('favorites.title')}</h1>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'error' ? <LoadError onRetry={state.reload} /> : null}
      {state.status === 'success' && items.length === 0 ? (
        <p>
          {t('favorites.empty')} <Link to="/communaute">{t('favorites.communityLink')}</Link>
        </p>
      ) : null}
      <ul className={styles.cards} data-testid="favorites-list">
        {items.map((review) => (
          <li key={review.id} className={styles.card} data-testid="favorite">
            <p className={styles.cardTitle}>
              <Link to={`/teacher/${review.teacher.id}`}>{teacherOf(review)}</Link>
            </p>
            <Stars rating={review.tot_rating} />
            {review.text_rating ? <p className={styles.quote}>{review.text_rating}</p> : null}
            <p className={styles.meta}>
              <time dateTime={review.created_at.slice(0, 7)}>{format.month(review.created_at)}</time> ·{' '}
              {review.relatable_count > 0
                ? t('favorites.relatable', { percent: format.percent(review.relatable) })
                : t('favorites.noVotes')}
            </p>
            <Button
              variant="secondary"
              onClick={() => void remove(review.id)}
              disabled={busy === review.id}
              aria-label={t('favorites.removeLabel', { teacher: teacherOf(review) })}
            >
              {t('favorites.remove')}
            </Button>
          </li>
        ))}
      </ul>
    </Screen>
  );
}

const STATUSES = ['pending', 'published', 'held', 'rejected'] as const;
/** The reasons the author is told in words (others, a moderator's own text, are shown as written). */
const AUTHOR_REASONS = [
  'reported',
  'withdrawn',
  'offensive-language',
  'personal-data',
  'threat',
  'moderator',
  'text-rating-forbidden-characters',
  'off-topic',
  'not-about-teaching',
  'false-statement',
  'other',
  'teacher-delisted',
  'identifying-details',
];

/** Delete a review: a first press asks, a second confirms; the item leaves the list once the API agrees. */
function DeleteReview({ review, onDeleted }: { review: MyReview; onDeleted: () => void }) {
  const { t } = useTranslation('account');
  const [step, setStep] = useState<'idle' | 'confirm' | 'busy' | 'failed'>('idle');
  const teacher = teacherOf(review);
  const confirm = async () => {
    setStep('busy');
    const outcome = await accountApi.deleteReview(review.id);
    if (outcome.kind === 'no-content' || outcome.kind === 'ok') onDeleted();
    else setStep('failed');
  };
  if (step === 'idle' || step === 'failed') {
    return (
      <>
        <Button variant="secondary" onClick={() => setStep('confirm')} aria-label={t('myReviews.deleteLabel', { teacher })}>
          {t('myReviews.delete')}
        </Button>
        {step === 'failed' ? <span role="alert">{t('myReviews.deleteFailed')}</span> : null}
      </>
    );
  }
  return (
    <div role="group" aria-label={t('myReviews.deleteLabel', { teacher })} data-testid="delete-confirm">
      <p>{t('myReviews.deleteConfirm')}</p>
      <Button onClick={() => void confirm()} disabled={step === 'busy'}>
        {t('myReviews.deleteYes')}
      </Button>
      <Button variant="secondary" onClick={() => setStep('idle')} disabled={step === 'busy'}>
        {t('myReviews.deleteNo')}
      </Button>
    </div>
  );
}

export function MyReviewsPage() {
  const { t } = useTranslation('account');
  const state = useApiGet<MyReview[]>(MY_REVIEWS_PATH);
  const format = useFormat();
  const [deleted, setDeleted] = useState<ReadonlySet<number>>(new Set());
  const items = state.status === 'success' ? state.data.filter((review) => !deleted.has(review.id)) : [];
  return (
    <Screen title={t('myReviews.title')}>
      <h1>{t('myReviews.title')}</h1>
      {state.status === 'loading' ? <Loading /> : null}
      {state.status === 'error' ? <LoadError onRetry={state.reload} /> : null}
      {state.status === 'success' && items.length === 0 ? (
        <p>
          {t('myReviews.empty')} <Link to="/publication">{t('myReviews.publishLink')}</Link>
        </p>
      ) : null}
      <ul className={styles.cards} data-testid="my-reviews-list">
        {items.map((review) => {
          const status = STATUSES.find((s) => s === review.status) ?? 'pending';
          return (
            <li key={review.id} className={styles.card} data-testid="my-review">
              <p className={styles.cardTitle}>
                {teacherOf(review)} · {review.subject}
              </p>
              <Stars rating={review.tot_rating} />
              <p className={styles.meta}>
                <time dateTime={review.created_at} title={format.day(review.created_at)}>
                  {format.relativeDay(review.created_at) ?? format.day(review.created_at)}
                </time>
              </p>
              <p>
                <span className={`${styles.status} ${styles[`status-${status}`] ?? ''}`} data-testid="review-status" data-status={status}>
                  {t(`myReviews.status.${status}`)}
                </span>
                {status === 'pending' && review.public_at ? (
                  <span className={styles.meta} data-testid="review-public-at">
                    {' '}
                    {t('myReviews.publicAt', { time: format.soon(review.public_at) })}
                  </span>
                ) : null}
                {(status === 'rejected' || status === 'held') && review.reason ? (
                  <span className={styles.meta} data-testid="review-reason">
                    {' '}
                    {t('myReviews.reason', {
                      reason: AUTHOR_REASONS.includes(review.reason) ? t(`myReviews.reasons.${review.reason}`) : review.reason,
                    })}
                  </span>
                ) : null}
                {status === 'rejected' && review.reason_text ? (
                  <span className={styles.meta} data-testid="review-reason-text">
                    {' '}
                    {t('myReviews.reasonText', { text: review.reason_text })}
                  </span>
                ) : null}
              </p>
              <div className={styles.cardActions}>
                <Link
                  className="pp-button pp-button--secondary"
                  to={`/review/${review.id}/edit`}
                  aria-label={t('myReviews.editLabel', { teacher: teacherOf(review) })}
                >
                  {t('myReviews.edit')}
                </Link>
                <DeleteReview review={review} onDeleted={() => setDeleted((set) => new Set([...set, review.id]))} />
              </div>
            </li>
          );
        })}
      </ul>
    </Screen>
  );
}
