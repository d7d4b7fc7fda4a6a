// The review form of /publication and /review/{id}/edit (spec, sections 4 and 5).
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_FLAG_KEYS, REVIEW_GRADE_KEYS, TEXT_RATING_MAX, TEXT_RATING_PATTERN, YEARS, type ReviewPayload } from '@pupitre/contracts';
import { Stars, TeacherSearch } from '@pupitre/review-ui';
import { Button } from '@pupitre/ui';
import {
  checkValues,
  FACES,
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

/** A face from very unhappy (0) to very happy (5): drawn, so no emoji font is needed. */
function Face({ value }: { value: number }) {
  const curve = (value - 2.5) * 1.6;
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false" className={styles.faceIcon}>
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="8.5" cy="9.5" r="1.2" fill="currentColor" />
      <circle cx="15.5" cy="9.5" r="1.2" fill="currentColor" />
      <path
        d={`M7.5 ${15.5 - curve / 2} Q12 ${15.5 + curve} 16.5 ${15.5 - curve / 2}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
      />
    </svg>
  );
}

export interface ReviewFormProps {
  initial: ReviewFormValues;
  /** Edit: the teacher is fixed, and unchanged values are refused (`ReviewFormIdentical`). */
  mode: 'create' | 'edit';
  /** Sends the checked payload; answers null on success or the error key to show. */
  onSubmit: (payload: ReviewPayload) => Promise<ReviewFormError | null>;
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

export function ReviewForm({ initial, mode, onSubmit }: ReviewFormProps) {
  const { t } = useTranslation('review');
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const id = (name: string) => `rf-${uid}-${name}`;
  const [values, setValues] = useState<ReviewFormValues>(initial);
  const [error, setError] = useState<{ key: ReviewFormError; field: FieldName | null } | null>(null);
  const [sending, setSending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const initialPayload = useRef(checkValues(initial));

  const update = (patch: Partial<ReviewFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
  };
  const invalid = (field: FieldName) => (error?.field === field ? true : undefined);
  const errorId = id('error');

  const fail = (key: ReviewFormError, field: FieldName | null) => {
    setError({ key, field });
    // Focus the field at fault (or the message) so keyboard and screen-reader users land on it.
    requestAnimationFrame(() => {
      const target = field ? form.current?.querySelector<HTMLElement>(`[data-field="${field}"]`) : null;
      (target ?? document.getElementById(errorId))?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const check = checkValues(values);
    if (!check.ok) return fail(check.error, fieldOf(check.error, check.field));
    if (mode === 'edit' && initialPayload.current.ok && samePayload(initialPayload.current.payload, check.payload))
      return fail('ReviewFormIdentical', null);
    setSending(true);
    const answer = await onSubmit(check.payload);
    setSending(false);
    if (answer) fail(answer, fieldOf(answer));
  };

  const subjects = values.teacher?.subjects ?? [];
  const bad = forbiddenCharacters(values.text, TEXT_RATING_PATTERN);
  const tooLong = values.text.length > TEXT_RATING_MAX;

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="review-form"
      aria-describedby={error ? errorId : undefined}
    >
      <div className="pp-field">
        {mode === 'edit' && values.teacher ? (
          <>
            <span className={styles.label}>{t('form.teacher')}</span>
            <p data-testid="teacher-fixed" className={styles.fixed}>
              {[values.teacher.prefix, values.teacher.name].filter(Boolean).join(' ')}
            </p>
          </>
        ) : (
          <div data-field="teacher" tabIndex={-1}>
            <TeacherSearch
              id={id('teacher')}
              label={t('form.teacher')}
              selected={values.teacher}
              invalid={invalid('teacher')}
              describedBy={invalid('teacher') ? errorId : undefined}
              onSelect={(teacher) => {
                setValues((v) => withTeacher(v, teacher as FormTeacher));
                setError(null);
              }}
              onClear={() => {
                setValues((v) => withTeacher(v, null));
                setError(null);
              }}
            />
          </div>
        )}
      </div>

      <div className={styles.row}>
        <div className="pp-field">
          <label htmlFor={id('subject')}>{t('form.subject')}</label>
          <select
            id={id('subject')}
            data-field="subject"
            className="pp-select"
            value={values.subject}
            aria-invalid={invalid('subject')}
            disabled={subjects.length === 0}
            onChange={(e) => update({ subject: Number(e.target.value) })}
            data-testid="subject-select"
          >
            <option value={NOT_CHOSEN}>{subjects.length === 0 ? t('form.subjectFirst') : t('form.choose')}</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="pp-field">
          <label htmlFor={id('year')}>{t('form.year')}</label>
          <select
            id={id('year')}
            data-field="year"
            className="pp-select"
            value={values.year}
            aria-invalid={invalid('year')}
            onChange={(e) => update({ year: Number(e.target.value) })}
            data-testid="year-select"
          >
            <option value={NOT_CHOSEN}>{t('form.choose')}</option>
            {YEARS.map((name, index) => (
              <option key={name} value={index}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>

      <fieldset className={styles.group}>
        <legend>{t('form.grades')}</legend>
        <p className={styles.hint}>{t('form.gradesHint')}</p>
        {REVIEW_GRADE_KEYS.map((key) => (
          <fieldset
            key={key}
            className={styles.grade}
            data-field={key}
            tabIndex={-1}
            aria-invalid={invalid(key)}
            data-testid={`grade-${key}`}
          >
            <legend>{t(`grades.${key}`)}</legend>
            <div className={styles.faces}>
              {FACES.map((face) => (
                <label key={face} className={styles.face}>
                  <input
                    type="radio"
                    name={`${uid}-${key}`}
                    value={face}
                    checked={values.grades[key] === face * 2}
                    onChange={() => update({ grades: { ...values.grades, [key]: face * 2 } })}
                  />
                  <Face value={face} />
                  <span className={styles.faceValue}>
                    {face}
                    <span className="pp-visually-hidden"> / 5</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </fieldset>

      <fieldset className={styles.group}>
        <legend>{t('form.questions')}</legend>
        {REVIEW_FLAG_KEYS.map((key) => (
          <fieldset key={key} className={styles.question} data-testid={`flag-${key}`}>
            <legend>{t(`flags.${key}`)}</legend>
            {[true, false].map((answer) => (
              <label key={String(answer)} className={styles.answer}>
                <input
                  type="radio"
                  name={`${uid}-${key}`}
                  checked={values.flags[key] === answer}
                  onChange={() => update({ flags: { ...values.flags, [key]: answer } })}
                />
                {answer ? t('form.yes') : t('form.no')}
              </label>
            ))}
          </fieldset>
        ))}
      </fieldset>

      <div className="pp-field">
        <label htmlFor={id('overall')}>{t('form.overall')}</label>
        <div className={styles.overall}>
          <input
            id={id('overall')}
            data-field="overall"
            type="range"
            min={0}
            max={OVERALL_MAX}
            step={OVERALL_STEP}
            value={values.overall}
            aria-invalid={invalid('overall')}
            aria-valuetext={t('form.overallValue', { value: values.overall })}
            onChange={(e) => update({ overall: Number(e.target.value) })}
            data-testid="overall"
          />
          <Stars rating={values.overall * 2} size={28} />
          <output htmlFor={id('overall')} data-testid="overall-value">
            {t('form.overallValue', { value: values.overall })}
          </output>
        </div>
      </div>

      <div className="pp-field">
        <label htmlFor={id('text')}>{t('form.comment')}</label>
        <textarea
          id={id('text')}
          data-field="text"
          className="pp-input"
          rows={4}
          value={values.text}
          aria-invalid={invalid('text') ?? (bad.length > 0 || tooLong ? true : undefined)}
          aria-describedby={id('text-check')}
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
      </div>

      {error ? (
        <p id={errorId} className={`pp-error ${styles.formError}`} role="alert" tabIndex={-1} data-testid="form-error" data-key={error.key}>
          {t(`errors.${error.key}`)}
        </p>
      ) : null}
      <p>
        <Button type="submit" disabled={sending} data-testid="submit">
          {sending ? t('form.sending') : mode === 'edit' ? t('form.save') : t('form.publish')}
        </Button>
      </p>
    </form>
  );
}
