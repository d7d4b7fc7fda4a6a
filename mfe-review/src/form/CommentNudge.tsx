// The nudge before a comment gives its author away (docs/threat-model.md): while the author writes,
// and again when they send, the form says what in the comment may identify them or another pupil
// (a class group, a first name, a family tie, a date or a precise event), with the words found. It
// never blocks: on submit the author edits the comment or publishes anyway (the automatic
// validation then holds the review for a moderator's look, with the same shared check).
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { IdentifyingDetail, NudgeDetail } from '@pupitre/contracts';
import { Button } from '@pupitre/ui';
import styles from '../review.module.css';

export interface CommentNudgeProps {
  id: string;
  details: IdentifyingDetail[];
  /** What tells the author's class (a bare class year, a subject taught in one class): said, never held. */
  soft?: NudgeDetail[];
  /** The author sent the form with these details: ask to edit the comment or to publish anyway. */
  asking: boolean;
  onPublishAnyway: () => void;
  onEdit: () => void;
}

export const CommentNudge = forwardRef<HTMLDivElement, CommentNudgeProps>(function CommentNudge(
  { id, details, soft = [], asking, onPublishAnyway, onEdit },
  ref,
) {
  const { t } = useTranslation('review');
  if (details.length + soft.length === 0) return <div id={id} hidden />;
  const holds = details.length > 0;
  return (
    <div
      id={id}
      ref={ref}
      tabIndex={-1}
      className={`pp-notice ${styles.nudge}`}
      role={asking ? 'alert' : 'status'}
      data-testid="comment-nudge"
      data-asking={asking ? 'true' : undefined}
    >
      <p className={styles.nudgeTitle}>
        {holds ? (asking ? t('nudge.askTitle') : t('nudge.title')) : asking ? t('nudge.askClassTitle') : t('nudge.classTitle')}
      </p>
      <ul className={styles.nudgeList}>
        {[...details, ...soft].map((detail) => (
          <li key={`${detail.kind}|${detail.words}`} data-kind={detail.kind}>
            {t('nudge.item', { kind: t(`nudge.kinds.${detail.kind}`), words: detail.words })}
          </li>
        ))}
      </ul>
      <p className={styles.nudgeLead}>{holds ? t('nudge.lead') : t('nudge.classLead')}</p>
      {asking ? (
        <div className={styles.nudgeActions}>
          <Button variant="secondary" onClick={onEdit} data-testid="nudge-edit">
            {t('nudge.edit')}
          </Button>
          <Button onClick={onPublishAnyway} data-testid="nudge-publish">
            {t('nudge.publishAnyway')}
          </Button>
        </div>
      ) : null}
    </div>
  );
});
