import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, useApiGet } from '@pupitre/api-client';
import type { OwnReply, TeacherSpace } from '@pupitre/contracts';
import { Screen } from '@pupitre/review-ui';
import { Button, LoadError, Loading, Notice, Stars } from '@pupitre/ui';
import { MFE } from '../version';
import styles from './replies.module.css';

export const TEACHER_SPACE_PATH = '/api/teacher-space';
/** Same as REPLY_TEXT_MAX in @pupitre/contracts (not imported as a value: it would bundle zod). */
const REPLY_MAX = 1000;

type SpaceReview = TeacherSpace['reviews'][number];

/**
 * /reponses (the linked teacher): the public reviews about him, each with his reply under it (its
 * status: waiting for the automatic checks, public, held for a moderator, removed) or the form to
 * write one. A reply is public after the same automatic checks as a review.
 */
export function RepliesPage() {
  const { t } = useTranslation('review');
  const state = useApiGet<TeacherSpace>(TEACHER_SPACE_PATH);
  return (
    <Screen {...MFE} title={t('replies.title')}>
      <div className={styles.page}>
        <h1>{t('replies.title')}</h1>
        {state.status === 'loading' ? <Loading /> : null}
        {state.status === 'error' ? <LoadError onRetry={state.reload} /> : null}
        {state.status === 'success' ? (
          <>
            <p>{t('replies.lead', { teacher: `${state.data.teacher.prefix} ${state.data.teacher.name}` })}</p>
            {state.data.reviews.length === 0 ? <p>{t('replies.empty')}</p> : null}
            <ul className={styles.list} data-testid="teacher-reviews">
              {state.data.reviews.map((review) => (
                <ReviewWithReply key={review.id} review={review} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </Screen>
  );
}

/** A removed reply: said so, with the reason and the moderator's words when there are some. */
function Removed({ reply }: { reply: OwnReply }) {
  const { t } = useTranslation('review');
  const reason = reply.reason ? t(`moderation.reasons.${reply.reason}`, { defaultValue: reply.reason }) : null;
  return (
    <Notice data-testid="reply-removed">
      {t('replies.status.rejected')}
      {reason ? (
        <>
          {' '}
          <br />
          {t('replies.reason', { reason })}
        </>
      ) : null}
      {reply.reason_text ? (
        <>
          {' '}
          <br />
          {t('replies.reasonText', { text: reply.reason_text })}
        </>
      ) : null}
    </Notice>
  );
}

function ReviewWithReply({ review }: { review: SpaceReview }) {
  const { t } = useTranslation('review');
  const [reply, setReply] = useState<OwnReply | null>(review.reply);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    const outcome = await api.post<{ id: number; reply: OwnReply }>(
      `/api/rating/${review.id}/reply`,
      { text: text.trim() },
      { react: false },
    );
    setBusy(false);
    if (outcome.kind === 'ok') setReply(outcome.data.reply);
    else
      setError(
        outcome.kind === 'bad-request' && (outcome.body as { error?: string } | null)?.error === 'reply-forbidden-characters'
          ? 'forbidden'
          : 'failed',
      );
  };
  const fieldId = `reply-${review.id}`;
  return (
    <li className={styles.card} data-testid="teacher-review" data-review-id={review.id}>
      <p className={styles.meta}>
        <Stars rating={review.tot_rating} size={16} /> · {review.subject}
      </p>
      <blockquote className={styles.quote}>{review.text_rating || t('replies.noComment')}</blockquote>
      {reply && reply.status !== 'rejected' ? (
        <div className={styles.reply} data-testid="own-reply" data-status={reply.status}>
          <p className={styles.meta}>{t(`replies.status.${reply.status}`)}</p>
          <p>{reply.text}</p>
        </div>
      ) : (
        <form
          className={styles.form}
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {reply?.status === 'rejected' ? <Removed reply={reply} /> : null}
          <label htmlFor={fieldId}>{t('replies.label')}</label>
          <textarea
            id={fieldId}
            className={styles.textarea}
            rows={4}
            maxLength={REPLY_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {error ? <Notice>{t(`replies.errors.${error}`)}</Notice> : null}
          <Button type="submit" disabled={busy || !text.trim()} data-testid="send-reply">
            {t('replies.send')}
          </Button>
        </form>
      )}
    </li>
  );
}
