import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useApiGet } from '@pupitre/api-client';
import { identifyingDetails } from '@pupitre/contracts';
import { useFormat } from '@pupitre/i18n';
import { Screen } from '@pupitre/review-ui';
import { useSession } from '@pupitre/session';
import { Button, LoadError, Loading, Panel } from '@pupitre/ui';
import { MFE } from '../version';
import {
  type ActionAnswer,
  canModerate,
  historyPath,
  type ModerationActionView,
  moderationApi,
  type ModerationQueueItem,
  OBJECTIONS_PATH,
  type ObjectionView,
  QUEUE_PATH,
  RECENT_PATH,
  type RejectReason,
  sessionHasSecondFactor,
  sessionRoles,
} from './api';
import styles from './moderation.module.css';
import { checkRemoval, DecisionText, ReasonSelect, useReasonName } from './removal';
import { PublicationHealthNotice } from './PublicationHealth';
import { type Read, TeachersTab, teachersWaiting } from './TeachersTab';

type Tab = 'queue' | 'decided' | 'teachers';

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * /moderation: the moderators' console. The queue (held by the automatic checks, held by the weight
 * of their reports, or reported and still public), each item with the review, the check that fired,
 * the reports and their reasons (never who wrote the review, nor who reported it), approve / reject
 * with a reason from the list and words of one's own; the decisions of the last 30 days, where a
 * removal can be undone; the history of each review. Keyboard: j/k (or arrows) move, a approves, r
 * goes to the removal form, h the history. The server checks the role on every call.
 */
export function ModerationPage() {
  const { t } = useTranslation('review');
  const session = useSession();
  const allowed = canModerate(sessionRoles(session.access));
  // Signed in, the token still on its way (a reload gets it from the refresh cookie): wait for it.
  if (session.email && !session.access) {
    return (
      <Screen {...MFE} title={t('moderation.title')}>
        <h1>{t('moderation.title')}</h1>
        <Loading />
      </Screen>
    );
  }
  if (!allowed) {
    return (
      <Screen {...MFE} title={t('moderation.title')}>
        <h1>{t('moderation.title')}</h1>
        <Panel tone="alert" data-testid="moderation-forbidden">
          <p>{session.email ? t('moderation.forbidden') : t('moderation.signedOut')}</p>
          {session.email ? null : <Link to="/auth">{t('publication.signIn')}</Link>}
        </Panel>
      </Screen>
    );
  }
  if (!sessionHasSecondFactor(session.access)) {
    // Staff actions need a session opened with the second factor: the server refuses them otherwise (403).
    return (
      <Screen {...MFE} title={t('moderation.title')}>
        <h1>{t('moderation.title')}</h1>
        <Panel tone="alert" data-testid="moderation-second-factor">
          <p>{t('moderation.secondFactor')}</p>
          <Link to="/settings">{t('moderation.secondFactorLink')}</Link>
        </Panel>
      </Screen>
    );
  }
  return <Console />;
}

/**
 * The console's tabs. The queue and the open objections are read once here: the queue tab, the
 * teachers tab and its button's count show the same answers; opening a tab reads them again.
 */
function Console() {
  const { t } = useTranslation('review');
  const [tab, setTab] = useState<Tab>('queue');
  const queue = useApiGet<ModerationQueueItem[]>(QUEUE_PATH);
  const objections = useApiGet<ObjectionView[]>(OBJECTIONS_PATH);
  const waiting = teachersWaiting(queue, objections);
  const open = (next: Tab) => {
    setTab(next);
    queue.reload();
    objections.reload();
  };
  return (
    <Screen {...MFE} title={t('moderation.title')}>
      <div className={styles.page} data-testid="moderation">
        <h1>{t('moderation.title')}</h1>
        <p className={styles.hint}>{t('moderation.keys')}</p>
        <PublicationHealthNotice />
        <div className={styles.tabs} role="group" aria-label={t('moderation.views')}>
          <Button
            variant={tab === 'queue' ? 'primary' : 'secondary'}
            aria-pressed={tab === 'queue'}
            onClick={() => open('queue')}
            data-testid="tab-queue"
          >
            {t('moderation.queueTab')}
          </Button>
          <Button
            variant={tab === 'decided' ? 'primary' : 'secondary'}
            aria-pressed={tab === 'decided'}
            onClick={() => open('decided')}
            data-testid="tab-decided"
          >
            {t('moderation.decidedTab')}
          </Button>
          <Button
            variant={tab === 'teachers' ? 'primary' : 'secondary'}
            aria-pressed={tab === 'teachers'}
            onClick={() => open('teachers')}
            data-testid="tab-teachers"
          >
            {waiting ? t('moderation.teachersTabWaiting', { count: waiting }) : t('moderation.teachersTab')}
          </Button>
        </div>
        {tab === 'queue' ? (
          <Queue state={queue} />
        ) : tab === 'decided' ? (
          <Decided />
        ) : (
          <TeachersTab queue={queue} objections={objections} />
        )}
      </div>
    </Screen>
  );
}

function Queue({ state }: { state: Read<ModerationQueueItem[]> }) {
  const { t } = useTranslation('review');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const loaded = state.status === 'success' ? state.data : null;
  // A review in the queue only because its teacher's reply is held is the teachers tab's.
  const items = useMemo(() => (loaded ?? []).filter(needsReviewDecision), [loaded]);
  const index = Math.max(
    0,
    items.findIndex((i) => i.id === selectedId),
  );
  const selected = items[index] ?? null;
  const listRef = useRef<HTMLUListElement>(null);

  const move = useCallback(
    (by: number) => {
      if (!items.length) return;
      const next = items[Math.min(items.length - 1, Math.max(0, index + by))];
      setSelectedId(next.id);
      listRef.current?.querySelector<HTMLButtonElement>(`[data-id="${next.id}"]`)?.focus();
    },
    [items, index],
  );

  const decided = useCallback(
    (message: string) => {
      setNotice(message);
      // The next item takes the place of the one decided.
      const next = items[index + 1] ?? items[index - 1] ?? null;
      setSelectedId(next?.id ?? null);
      state.reload();
    },
    [items, index, state],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'j' || event.key === 'ArrowDown') move(1);
      else if (event.key === 'k' || event.key === 'ArrowUp') move(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [move]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  return (
    <>
      <p role="status" className={styles.notice} data-testid="moderation-notice">
        {notice}
      </p>
      {items.length === 0 ? (
        <p data-testid="queue-empty">{t('moderation.empty')}</p>
      ) : (
        <div className={styles.layout}>
          <nav aria-label={t('moderation.queueTab')}>
            <p className={styles.hint}>{t('moderation.count', { count: items.length })}</p>
            <ul className={styles.list} ref={listRef} data-testid="queue">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={styles.item}
                    aria-current={item.id === selected?.id ? 'true' : undefined}
                    data-id={item.id}
                    data-testid="queue-item"
                    onClick={() => setSelectedId(item.id)}
                  >
                    <span className={styles.itemTitle}>
                      {item.teacher.prefix} {item.teacher.name} · {item.subject.name}
                    </span>
                    <span className={styles.badge} data-kind={kindOf(item)}>
                      {t(`moderation.kind.${kindOf(item)}`)}
                      {item.reports.length ? ` · ${t('moderation.reportCount', { count: item.reports.length })}` : ''}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          {selected ? (
            <Item
              key={selected.id}
              item={selected}
              sameAuthor={items.filter((i) => i.id !== selected.id && i.author_key === selected.author_key).length}
              onDecided={decided}
            />
          ) : null}
        </div>
      )}
    </>
  );
}

/** Whether the review itself waits for a decision (else only its teacher's reply does). */
const needsReviewDecision = (item: ModerationQueueItem): boolean => item.status === 'held' || item.hidden || item.reports.length > 0;

/** held (the automatic checks), hidden (the weight of its reports), reported (still public). */
const kindOf = (item: ModerationQueueItem): 'held' | 'hidden' | 'reported' =>
  item.status === 'held' ? 'held' : item.hidden ? 'hidden' : 'reported';

const answerKey: Record<Exclude<ActionAnswer, 'done'>, string> = {
  stale: 'moderation.stale',
  invalid: 'moderation.invalid',
  failed: 'moderation.failed',
};

/**
 * One review to decide. Who wrote it is never shown: its opaque author key (the same on every review
 * of this teacher by the same author) and how many others in the queue share it.
 */
function Item({ item, sameAuthor, onDecided }: { item: ModerationQueueItem; sameAuthor: number; onDecided: (message: string) => void }) {
  const { t, i18n } = useTranslation('review');
  const format = useFormat();
  const reasonName = useReasonName();
  const id = useId();
  const [reason, setReason] = useState<RejectReason | ''>('');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const reasonRef = useRef<HTMLSelectElement>(null);
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language);
  // What the identifying-details check sees in the comment (the same shared function as the form's).
  const found = useMemo(() => (item.reason === 'identifying-details' ? identifyingDetails(item.text_rating) : []), [item]);

  const run = useCallback(
    async (action: () => Promise<ActionAnswer>, done: string) => {
      setBusy(true);
      setError('');
      const answer = await action();
      setBusy(false);
      if (answer === 'done') onDecided(done);
      else setError(t(answerKey[answer]));
    },
    [onDecided, t],
  );
  const approve = useCallback(
    () => run(() => moderationApi.approve(item.id, text.trim() || undefined), t('moderation.approved', { id: item.id })),
    [run, item.id, text, t],
  );

  const reject = (event: FormEvent) => {
    event.preventDefault();
    const removal = checkRemoval(reason, text);
    if ('problem' in removal) {
      setError(t(removal.problem));
      if (!reason) reasonRef.current?.focus();
      return;
    }
    void run(() => moderationApi.reject(item.id, removal.reason, removal.text), t('moderation.rejected', { id: item.id }));
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || busy) return;
      if (event.key === 'a') void approve();
      else if (event.key === 'r') reasonRef.current?.focus();
      else if (event.key === 'h') setShowHistory((v) => !v);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [approve, busy]);

  const kind = kindOf(item);
  return (
    <article className={styles.detail} aria-labelledby={`${id}-title`} data-testid="queue-detail" data-review={item.id}>
      <h2 id={`${id}-title`}>
        {t('moderation.reviewOf', { teacher: `${item.teacher.prefix} ${item.teacher.name}`, subject: item.subject.name })}
      </h2>
      <p className={styles.hint}>
        {t('moderation.reference', { id: item.id })} · {t('moderation.written', { date: format.month(item.created_at) })} ·{' '}
        {t('moderation.rating', { rating: item.tot_rating })}
      </p>
      <p className={styles.hint} data-testid="author-key" title={t('moderation.authorKeyHint')}>
        {t('moderation.authorKey', { key: item.author_key })} ·{' '}
        {sameAuthor > 0 ? t('moderation.sameAuthor', { count: sameAuthor }) : t('moderation.noSameAuthor')}
      </p>
      <p className={styles.why} data-testid="why">
        {kind === 'held'
          ? t('moderation.heldBy', { reason: reasonName(item.reason) })
          : kind === 'hidden'
            ? t('moderation.hiddenByReports')
            : t('moderation.stillPublic')}
      </p>
      <blockquote className={styles.text} data-testid="review-text">
        {item.text_rating || t('moderation.noText')}
      </blockquote>
      {found.length ? (
        <p className={styles.hint} data-testid="identifying-found">
          {t('moderation.found', {
            details: found.map((d) => t('moderation.foundItem', { kind: t(`nudge.kinds.${d.kind}`), words: d.words })).join(', '),
          })}
        </p>
      ) : null}
      {item.reply?.status === 'held' ? (
        <p className={styles.hint} data-testid="reply-held-elsewhere">
          {t('moderation.replyHeldToo')}
        </p>
      ) : null}
      {item.reports.length ? (
        <section aria-labelledby={`${id}-reports`}>
          <h3 id={`${id}-reports`}>{t('moderation.reports', { count: item.reports.length })}</h3>
          <ul className={styles.reports} data-testid="reports">
            {item.reports.map((report, n) => (
              <li key={n}>
                <q>{report.content}</q>
                <span className={styles.hint}>
                  {' '}
                  · {t('moderation.reportMeta', { date: date(report.created_at), weight: report.weight })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <form className={styles.decide} onSubmit={reject} aria-labelledby={`${id}-decide`}>
        <h3 id={`${id}-decide`}>{t('moderation.decide')}</h3>
        <DecisionText id={`${id}-text`} label={t('moderation.text')} value={text} onChange={setText} rows={3} testId="decision-text" />
        <p className={styles.hint}>{t('moderation.textHint')}</p>
        <div className={styles.actions}>
          <Button onClick={() => void approve()} disabled={busy} data-testid="approve" aria-keyshortcuts="a">
            {t('moderation.approve')}
          </Button>
        </div>
        <ReasonSelect
          id={`${id}-reason`}
          selectRef={reasonRef}
          value={reason}
          onChange={setReason}
          invalid={error === t('moderation.reasonRequired')}
          testId="reject-reason"
          keyShortcut="r"
        />
        <div className={styles.actions}>
          <Button type="submit" variant="secondary" disabled={busy} data-testid="reject">
            {t('moderation.reject')}
          </Button>
        </div>
        <p role="alert" className={styles.error} data-testid="decision-error">
          {error}
        </p>
      </form>

      <Button
        variant="secondary"
        aria-expanded={showHistory}
        onClick={() => setShowHistory((v) => !v)}
        data-testid="history-toggle"
        aria-keyshortcuts="h"
      >
        {t('moderation.history')}
      </Button>
      {showHistory ? <History reviewId={item.id} /> : null}
    </article>
  );
}

function ActionLine({ action }: { action: ModerationActionView }) {
  const { t, i18n } = useTranslation('review');
  const reasonName = useReasonName();
  return (
    <>
      <strong>{t(`moderation.actions.${action.action}`, { defaultValue: action.action })}</strong>
      {action.reason ? ` · ${reasonName(action.reason)}` : ''}
      {action.text ? ` · “${action.text}”` : ''}
      <span className={styles.hint}>
        {' '}
        · {new Date(action.at).toLocaleString(i18n.language)} · {t('moderation.by', { moderator: action.moderatorId })} ·{' '}
        {String(action.before.status ?? '')} → {String(action.after.status ?? '')}
      </span>
    </>
  );
}

function History({ reviewId }: { reviewId: number }) {
  const { t } = useTranslation('review');
  const state = useApiGet<ModerationActionView[]>(historyPath(reviewId));
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  if (!state.data.length) return <p data-testid="history-empty">{t('moderation.noHistory')}</p>;
  return (
    <ol className={styles.history} data-testid="history">
      {state.data.map((action, n) => (
        <li key={n}>
          <ActionLine action={action} />
        </li>
      ))}
    </ol>
  );
}

function Decided() {
  const { t } = useTranslation('review');
  const state = useApiGet<ModerationActionView[]>(RECENT_PATH);
  const [notice, setNotice] = useState('');
  const restore = async (id: number) => {
    const answer = await moderationApi.restore(id);
    setNotice(answer === 'done' ? t('moderation.restored', { id }) : t(answerKey[answer]));
    state.reload();
  };
  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') return <LoadError onRetry={state.reload} />;
  // A removal can be undone while it is the latest decision on its review.
  const latest = new Map<number, ModerationActionView>();
  for (const action of state.data) if (action.reviewId !== null && !latest.has(action.reviewId)) latest.set(action.reviewId, action);
  return (
    <>
      <p role="status" className={styles.notice} data-testid="moderation-notice">
        {notice}
      </p>
      {state.data.length === 0 ? <p>{t('moderation.noneDecided')}</p> : null}
      <ul className={styles.list} data-testid="decided">
        {state.data.map((action, n) => (
          <li key={n} className={styles.decidedItem} data-testid="decided-item" data-review={action.reviewId ?? undefined}>
            <span>{t('moderation.reference', { id: action.reviewId ?? '–' })} · </span>
            <ActionLine action={action} />
            {action.target === 'review' &&
            action.action === 'reject' &&
            action.reviewId !== null &&
            latest.get(action.reviewId) === action ? (
              <Button variant="secondary" onClick={() => void restore(action.reviewId!)} data-testid="restore">
                {t('moderation.restore')}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
