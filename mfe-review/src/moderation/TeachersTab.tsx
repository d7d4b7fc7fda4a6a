import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiState } from '@pupitre/api-client';
import type { Language } from '@pupitre/contracts';
import { Button } from '@pupitre/ui';
import {
  ACCEPT_REASONS,
  type ActionAnswer,
  type ModerationQueueItem,
  moderationApi,
  type ObjectionView,
  REFUSE_REASONS,
  type RejectReason,
} from './api';
import styles from './moderation.module.css';
import { checkRemoval, DecisionText, isRejectReason, ReasonSelect, useReasonName } from './removal';

/**
 * The console's teachers tab: teachers' objections to being listed (accept: the teacher leaves
 * every public page until the retention period ends; refuse), replies held by the automatic checks,
 * and invitations (the address goes to the auth service, which mails the link).
 */
export function TeachersTab({ queue, objections }: { queue: Read<ModerationQueueItem[]>; objections: Read<ObjectionView[]> }) {
  const { t } = useTranslation('review');
  const [notice, setNotice] = useState('');
  return (
    <>
      <p role="status" className={styles.notice} data-testid="teachers-notice">
        {notice}
      </p>
      <Objections state={objections} onDone={setNotice} />
      <HeldReplies state={queue} onDone={setNotice} />
      <h2>{t('moderation.teachers.inviteTitle')}</h2>
      <Invite onDone={setNotice} />
    </>
  );
}

/** A read of the console (`useApiGet`), shared by the tabs that show it. */
export type Read<T> = ApiState<T> & { reload: () => void };

/** The queue's reviews whose teacher's reply waits for a moderator. */
const heldReplies = (queue: ModerationQueueItem[]): HeldReplyItem[] =>
  queue.filter((item): item is HeldReplyItem => item.reply?.status === 'held');

/** How many decisions the teachers tab holds (open objections, held replies), for its button. */
export function teachersWaiting(queue: Read<ModerationQueueItem[]>, objections: Read<ObjectionView[]>): number {
  return (objections.status === 'success' ? objections.data.length : 0) + (queue.status === 'success' ? heldReplies(queue.data).length : 0);
}

function useAnswer(onDone: (message: string) => void) {
  const { t } = useTranslation('review');
  return (answer: ActionAnswer, done: string) => onDone(answer === 'done' ? done : t(`moderation.${answer}`));
}

function Objections({ state, onDone }: { state: Read<ObjectionView[]>; onDone: (message: string) => void }) {
  const { t } = useTranslation('review');
  const tell = useAnswer(onDone);
  const [reason, setReason] = useState<Record<number, string>>({});
  if (state.status !== 'success') return null;
  const decide = async (o: ObjectionView, action: 'accept' | 'refuse') => {
    const list: readonly string[] = action === 'accept' ? ACCEPT_REASONS : REFUSE_REASONS;
    const chosen = reason[o.teacher.id] && list.includes(reason[o.teacher.id]) ? reason[o.teacher.id] : list[0];
    tell(await moderationApi.decideObjection(o.teacher.id, action, chosen), t(`moderation.teachers.${action}ed`));
    state.reload();
  };
  return (
    <section aria-labelledby="mod-objections">
      <h2 id="mod-objections">{t('moderation.teachers.objectionsTitle')}</h2>
      {state.data.length === 0 ? <p data-testid="objections-empty">{t('moderation.teachers.noObjection')}</p> : null}
      <ul className={styles.list} data-testid="objections">
        {state.data.map((o) => (
          <li key={o.teacher.id} className={styles.detail} data-testid="objection" data-teacher={o.teacher.id}>
            <h3>{`${o.teacher.prefix} ${o.teacher.name}`}</h3>
            <blockquote className={styles.text}>{o.reasons}</blockquote>
            <label htmlFor={`objection-reason-${o.teacher.id}`}>{t('moderation.teachers.reason')}</label>
            <select
              id={`objection-reason-${o.teacher.id}`}
              className="pp-input"
              value={reason[o.teacher.id] ?? ''}
              onChange={(e) => setReason((r) => ({ ...r, [o.teacher.id]: e.target.value }))}
            >
              <option value="">{t('moderation.teachers.defaultReason')}</option>
              {[...new Set([...ACCEPT_REASONS, ...REFUSE_REASONS])].map((key) => (
                <option key={key} value={key}>
                  {t(`moderation.teachers.reasons.${key}`)}
                </option>
              ))}
            </select>
            <div className={styles.tabs}>
              <Button onClick={() => void decide(o, 'accept')} data-testid="accept-objection">
                {t('moderation.teachers.accept')}
              </Button>
              <Button variant="secondary" onClick={() => void decide(o, 'refuse')} data-testid="refuse-objection">
                {t('moderation.teachers.refuse')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HeldReplies({ state, onDone }: { state: Read<ModerationQueueItem[]>; onDone: (message: string) => void }) {
  const { t } = useTranslation('review');
  const tell = useAnswer(onDone);
  if (state.status !== 'success') return null;
  const held = heldReplies(state.data);
  return (
    <section aria-labelledby="mod-replies">
      <h2 id="mod-replies">{t('moderation.teachers.repliesTitle')}</h2>
      {held.length === 0 ? <p>{t('moderation.teachers.noReply')}</p> : null}
      <ul className={styles.list}>
        {held.map((item) => (
          <HeldReply
            key={item.id}
            item={item}
            onDecided={(answer, done) => {
              tell(answer, done);
              state.reload();
            }}
          />
        ))}
      </ul>
    </section>
  );
}

type HeldReplyItem = ModerationQueueItem & { reply: NonNullable<ModerationQueueItem['reply']> };

/**
 * A reply held by the automatic checks: the check that fired, the reply; publish it, or remove it
 * for a reason from the list (the check's own, preselected when it is one) with words of one's own,
 * required with "another reason". The teacher reads the reason and the words.
 */
function HeldReply({ item, onDecided }: { item: HeldReplyItem; onDecided: (answer: ActionAnswer, done: string) => void }) {
  const { t } = useTranslation('review');
  const reasonName = useReasonName();
  const id = useId();
  const heldFor = item.reply.reason;
  const [reason, setReason] = useState<RejectReason | ''>(isRejectReason(heldFor) ? heldFor : '');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const decide = async (call: () => Promise<ActionAnswer>, done: string) => {
    setBusy(true);
    setError('');
    const answer = await call();
    setBusy(false);
    onDecided(answer, done);
  };
  const remove = (event: FormEvent) => {
    event.preventDefault();
    const removal = checkRemoval(reason, text);
    if ('problem' in removal) {
      setError(t(removal.problem));
      return;
    }
    void decide(() => moderationApi.rejectReply(item.id, removal.reason, removal.text), t('moderation.teachers.replyRejected'));
  };
  return (
    <li className={styles.detail} data-testid="held-reply" data-review={item.id}>
      <h3>{`${item.teacher.prefix} ${item.teacher.name}`}</h3>
      {heldFor ? (
        <p className={styles.why} data-testid="reply-why">
          {t('moderation.heldBy', { reason: reasonName(heldFor) })}
        </p>
      ) : null}
      <p className={styles.hint}>{t('moderation.teachers.inReplyTo', { id: item.id })}</p>
      <blockquote className={styles.text} data-testid="replied-review">
        {item.text_rating || t('moderation.noText')}
      </blockquote>
      <p className={styles.hint}>{t('moderation.teachers.theReply')}</p>
      <blockquote className={styles.text} data-testid="held-reply-text">
        {item.reply.text}
      </blockquote>
      <form className={styles.decide} onSubmit={remove} aria-label={t('moderation.decide')}>
        <DecisionText
          id={`${id}-text`}
          label={t('moderation.teachers.replyText')}
          value={text}
          onChange={setText}
          rows={2}
          testId="reply-decision-text"
        />
        <ReasonSelect
          id={`${id}-reason`}
          value={reason}
          onChange={setReason}
          invalid={error === t('moderation.reasonRequired')}
          testId="reply-reject-reason"
        />
        <div className={styles.tabs}>
          <Button
            disabled={busy}
            onClick={() => void decide(() => moderationApi.approveReply(item.id), t('moderation.teachers.replyApproved'))}
            data-testid="approve-reply"
          >
            {t('moderation.teachers.approveReply')}
          </Button>
          <Button type="submit" variant="secondary" disabled={busy} data-testid="reject-reply">
            {t('moderation.teachers.rejectReply')}
          </Button>
        </div>
        <p role="alert" className={styles.error} data-testid="reply-decision-error">
          {error}
        </p>
      </form>
    </li>
  );
}

function Invite({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation('review');
  const tell = useAnswer(onDone);
  const [teacherId, setTeacherId] = useState('');
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<Language>('fr');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className={styles.detail}
      data-testid="invite-teacher"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        tell(await moderationApi.invite(Number(teacherId), email.trim(), lang), t('moderation.teachers.invited'));
        setBusy(false);
      }}
    >
      <label htmlFor="invite-teacher-id">{t('moderation.teachers.teacherNumber')}</label>
      <input
        id="invite-teacher-id"
        className="pp-input"
        inputMode="numeric"
        pattern="[0-9]+"
        required
        value={teacherId}
        onChange={(e) => setTeacherId(e.target.value)}
      />
      <label htmlFor="invite-email">{t('moderation.teachers.email')}</label>
      <input id="invite-email" className="pp-input" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <label htmlFor="invite-lang">{t('moderation.teachers.language')}</label>
      <select id="invite-lang" className="pp-input" value={lang} onChange={(e) => setLang(e.target.value as Language)}>
        <option value="fr">Français</option>
        <option value="es">Español</option>
        <option value="en">English</option>
      </select>
      <Button type="submit" disabled={busy} data-testid="send-invitation">
        {t('moderation.teachers.invite')}
      </Button>
    </form>
  );
}
