// The review form of /publication and /review/{id}/edit (spec, sections 4 and 5), in four steps:
// teacher and class, the criteria (a face scale each), the yes/no questions, the overall rating
// and comment. An error is shown under the field at fault, which gets the focus and is scrolled to.
// A comment that may identify someone is pointed out while it is written and again on submit.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  classYearNudges,
  identifyingDetails,
  REVIEW_FLAG_KEYS,
  REVIEW_GRADE_KEYS,
  TEXT_RATING_MAX,
  TEXT_RATING_PATTERN,
  YEARS,
  type ReviewPayload,
} from '@pupitre/contracts';
import { useFormat } from '@pupitre/i18n';
import { TeacherSearch } from '@pupitre/review-ui';
import { Button, NeedsJavaScript, Stars, useTypedBeforeTakeover } from '@pupitre/ui';
import { CommentNudge } from './CommentNudge';
import { FieldError, GradeRow, SelectField, YesNo } from './fields';
import {
  checkValues,
  forbiddenCharacters,
  NOT_CHOSEN,
  OVERALL_MAX,
  OVERALL_STEP,
  samePayload,
  withTeacher,
  type FormTeacher,
  type ReviewFormError,
  type ReviewFormValues,
} from './model';
import styles from '../review.module.css';

export interface ReviewFormProps {
  initial: ReviewFormValues;
  /** Edit: the teacher is fixed, and unchanged values are refused (`ReviewFormIdentical`). */
  mode: 'create' | 'edit';
  /** Sends the checked payload; answers null on success or the error key to show. */
  onSubmit: (payload: ReviewPayload) => Promise<ReviewFormError | null>;
  /** Every change of the values (the publication page keeps them as a draft). */
  onValues?: (values: ReviewFormValues) => void;
  /** The button says "sign in to publish" (the page keeps the draft and goes to sign in). */
  signedOut?: boolean;
}

type FieldName = 'teacher' | 'subject' | 'year' | 'overall' | 'text' | (typeof REVIEW_GRADE_KEYS)[number];

function fieldOf(error: ReviewFormError, field?: string): FieldName | null {
  switch (error) {
    case 'wrong-teacher':
      return 'teacher';
    case 'wrong-subject':
      return 'subject';
    case 'wrong-year':
      return 'year';
    case 'incorrect-grade':
      return (field as FieldName | undefined) ?? REVIEW_GRADE_KEYS[0];
    case 'incorrect-overall':
      return 'overall';
    case 'text-rating-forbidden-characters':
      return 'text';
    default:
      return null;
  }
}

export function ReviewForm({ initial, mode, onSubmit, onValues, signedOut = false }: ReviewFormProps) {
  const { t } = useTranslation(['review', 'review-ui']);
  const format = useFormat();
  // Ids from the mode, never useId: one form a page, and server HTML hydrates wherever it sits (issue #39).
  const id = (name: string) => `rf-${mode}-${name}`;
  const [values, setValues] = useState<ReviewFormValues>(initial);
  const [error, setError] = useState<{ key: ReviewFormError; field: FieldName | null } | null>(null);
  const [sending, setSending] = useState(false);
  /** The comment the author chose to publish anyway, though it may identify someone; asking: the question is on screen. */
  const [nudge, setNudge] = useState<{ asking: boolean; acceptedFor: string | null }>({ asking: false, acceptedFor: null });
  const form = useRef<HTMLFormElement>(null);
  const nudgeRef = useRef<HTMLDivElement>(null);
  const details = useMemo(() => identifyingDetails(values.text), [values.text]);
  const subjectName = values.teacher?.subjects.find((s) => s.id === values.subject)?.name ?? null;
  // What tells the author's class without naming a class group: said too, never held (class-year-nudges.ts).
  const soft = useMemo(() => {
    const groups = details.filter((d) => d.kind === 'class-group').map((d) => d.words.toLowerCase());
    return classYearNudges(values.text, subjectName).filter((n) => !groups.some((g) => g.includes(n.words.toLowerCase())));
  }, [details, values.text, subjectName]);
  const nudgeKey = `${values.text}|${values.subject}`;
  const initialPayload = useRef(checkValues(initial));
  const errorId = id('error');

  useEffect(() => onValues?.(values), [values, onValues]);

  const update = (patch: Partial<ReviewFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
    if (patch.text !== undefined) setNudge((n) => (n.asking ? { ...n, asking: false } : n));
  };
  // A comment typed into the server-rendered form before its code arrived is kept (issue #39).
  const textRef = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeTakeover(textRef, values.text, (text) => update({ text }));
  const invalid = (field: FieldName) => (error?.field === field ? true : undefined);
  const errorAt = (field: FieldName | null) => (error && error.field === field ? <FieldError id={errorId} error={error.key} /> : null);

  const fail = (key: ReviewFormError, field: FieldName | null) => {
    setError({ key, field });
    // The field at fault (or the message) gets the focus and comes to the middle of the screen.
    requestAnimationFrame(() => {
      const target =
        (field ? form.current?.querySelector<HTMLElement>(`[data-field="${field}"]`) : null) ?? document.getElementById(errorId);
      target?.focus({ preventScroll: true });
      target?.scrollIntoView?.({ block: 'center' });
    });
  };

  const submit = async (event: FormEvent | null, publishAnyway = false) => {
    event?.preventDefault();
    if (sending) return;
    const check = checkValues(values);
    if (!check.ok) return fail(check.error, fieldOf(check.error, check.field));
    if (mode === 'edit' && initialPayload.current.ok && samePayload(initialPayload.current.payload, check.payload))
      return fail('ReviewFormIdentical', null);
    // The comment may identify someone: say so again, and let the author edit it or publish anyway.
    if (details.length + soft.length > 0 && !publishAnyway && nudge.acceptedFor !== nudgeKey) {
      setNudge({ asking: true, acceptedFor: null });
      requestAnimationFrame(() => {
        nudgeRef.current?.focus({ preventScroll: true });
        nudgeRef.current?.scrollIntoView?.({ block: 'center' });
      });
      return;
    }
    setNudge({ asking: false, acceptedFor: publishAnyway ? nudgeKey : nudge.acceptedFor });
    setSending(true);
    const answer = await onSubmit(check.payload);
    setSending(false);
    if (answer) fail(answer, fieldOf(answer));
  };

  const subjects = values.teacher?.subjects ?? [];
  const bad = forbiddenCharacters(values.text, TEXT_RATING_PATTERN);
  const tooLong = values.text.length > TEXT_RATING_MAX;
  const describe = (field: FieldName) => (invalid(field) ? errorId : undefined);
  const overallText = t('form.overallValue', {
    stars: Number.isInteger(values.overall) ? String(values.overall) : format.decimal(values.overall),
    points: values.overall * 2,
  });

  return (
    <form ref={form} className={styles.form} onSubmit={(e) => void submit(e)} noValidate data-testid="review-form">
      <section className={`pp-panel ${styles.step}`} aria-labelledby={id('step-who')}>
        <h2 id={id('step-who')}>{t('form.stepWho')}</h2>
        <div className="pp-field">
          {mode === 'edit' && values.teacher ? (
            <>
              <span className="pp-label">{t('form.teacher')}</span>
              <p data-testid="teacher-fixed" className={styles.fixed}>
                {[values.teacher.prefix, values.teacher.name].filter(Boolean).join(' ')}
              </p>
            </>
          ) : (
            <div data-field="teacher" tabIndex={-1} className={styles.anchor}>
              <TeacherSearch
                id={id('teacher')}
                label={t('form.teacher')}
                selected={values.teacher}
                invalid={invalid('teacher')}
                describedBy={describe('teacher')}
                onSelect={(teacher) => {
                  setValues((v) => withTeacher(v, teacher as FormTeacher));
                  setError(null);
                }}
                onClear={() => {
                  setValues((v) => withTeacher(v, null));
                  setError(null);
                }}
              />
              {errorAt('teacher')}
            </div>
          )}
        </div>
        <div className={styles.row}>
          <SelectField
            id={id('subject')}
            field="subject"
            label={t('form.subject')}
            value={values.subject}
            invalid={invalid('subject')}
            describedBy={describe('subject')}
            disabled={subjects.length === 0}
            onChange={(subject) => update({ subject })}
            error={errorAt('subject')}
            data-testid="subject-select"
          >
            <option value={NOT_CHOSEN}>{subjects.length === 0 ? t('form.subjectFirst') : t('form.choose')}</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={id('year')}
            field="year"
            label={t('form.year')}
            value={values.year}
            invalid={invalid('year')}
            describedBy={describe('year')}
            onChange={(year) => update({ year })}
            error={errorAt('year')}
            data-testid="year-select"
          >
            <option value={NOT_CHOSEN}>{t('form.choose')}</option>
            {YEARS.map((name, index) => (
              <option key={name} value={index}>
                {t(`review-ui:years.${index}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </section>

      <section className={`pp-panel ${styles.step}`} aria-labelledby={id('step-criteria')}>
        <h2 id={id('step-criteria')}>{t('form.stepCriteria')}</h2>
        <p className={styles.hint}>{t('form.gradesHint')}</p>
        <div className={styles.grades}>
          {REVIEW_GRADE_KEYS.map((key) => (
            <GradeRow
              key={key}
              id={id(`grade-${key}`)}
              field={key}
              name={t(`review-ui:criteria.${key}`)}
              grade={values.grades[key]}
              invalid={invalid(key)}
              errorId={errorId}
              error={errorAt(key)}
              onChange={(grade) => update({ grades: { ...values.grades, [key]: grade } })}
            />
          ))}
        </div>
      </section>

      <section className={`pp-panel ${styles.step}`} aria-labelledby={id('step-questions')}>
        <h2 id={id('step-questions')}>{t('form.stepQuestions')}</h2>
        {REVIEW_FLAG_KEYS.map((key) => (
          <YesNo
            key={key}
            name={id(`flag-${key}`)}
            field={key}
            question={t(`flags.${key}`)}
            value={values.flags[key]}
            onChange={(answer) => update({ flags: { ...values.flags, [key]: answer } })}
          />
        ))}
      </section>

      <section className={`pp-panel ${styles.step}`} aria-labelledby={id('step-overall')}>
        <h2 id={id('step-overall')}>{t('form.stepOverall')}</h2>
        <div className="pp-field">
          <label htmlFor={id('overall')}>{t('form.overall')}</label>
          <div className={styles.overall}>
            <Stars rating={values.overall * 2} size={32} decorative />
            <output htmlFor={id('overall')} data-testid="overall-value" className={styles.overallValue}>
              {overallText}
            </output>
          </div>
          <input
            id={id('overall')}
            data-field="overall"
            className={styles.range}
            type="range"
            min={0}
            max={OVERALL_MAX}
            step={OVERALL_STEP}
            value={values.overall}
            aria-invalid={invalid('overall')}
            aria-describedby={describe('overall')}
            aria-valuetext={overallText}
            onChange={(e) => update({ overall: Number(e.target.value) })}
            data-testid="overall"
          />
          {errorAt('overall')}
        </div>
        <div className="pp-field">
          <label htmlFor={id('text')}>{t('form.comment')}</label>
          <textarea
            ref={textRef}
            id={id('text')}
            data-field="text"
            className="pp-input"
            rows={4}
            value={values.text}
            aria-invalid={invalid('text') ?? (bad.length > 0 || tooLong ? true : undefined)}
            aria-describedby={[id('text-check'), id('text-nudge'), describe('text')].filter(Boolean).join(' ')}
            onChange={(e) => update({ text: e.target.value })}
            data-testid="comment"
          />
          <p
            id={id('text-check')}
            className={bad.length || tooLong ? 'pp-error' : styles.hint}
            aria-live="polite"
            data-testid="comment-check"
          >
            {t('form.commentCount', { count: values.text.length, max: TEXT_RATING_MAX })}
            {tooLong ? ` ${t('form.commentTooLong', { max: TEXT_RATING_MAX })}` : ''}
            {bad.length ? ` ${t('form.commentForbidden', { chars: bad.join(' ') })}` : ''}
            {!bad.length && !tooLong ? ` ${t('form.commentRules')}` : ''}
          </p>
          <CommentNudge
            ref={nudgeRef}
            id={id('text-nudge')}
            details={details}
            soft={soft}
            asking={nudge.asking}
            onPublishAnyway={() => void submit(null, true)}
            onEdit={() => {
              setNudge((n) => ({ ...n, asking: false }));
              const comment = form.current?.querySelector<HTMLElement>('[data-field="text"]');
              comment?.focus({ preventScroll: true });
              comment?.scrollIntoView?.({ block: 'center' });
            }}
          />
          {errorAt('text')}
        </div>
      </section>

      <div className={styles.submitBar}>
        <NeedsJavaScript />
        {errorAt(null)}
        <Button type="submit" className="pp-button--block" disabled={sending} data-testid="submit">
          {sending ? t('form.sending') : mode === 'edit' ? t('form.save') : signedOut ? t('form.signInToPublish') : t('form.publish')}
        </Button>
      </div>
    </form>
  );
}
