// The pieces of the review form: each field carries its own error message, right under it.
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FaceScale, type FaceLevel } from '@pupitre/ui';
import type { ReviewFormError } from './model';
import styles from '../review.module.css';

/** The form's one error message, where it belongs (under its field, or above the button). */
export function FieldError({ id, error }: { id: string; error: ReviewFormError }) {
  const { t } = useTranslation('review');
  return (
    <p id={id} className={`pp-error ${styles.fieldError}`} role="alert" tabIndex={-1} data-testid="form-error" data-key={error}>
      {t(`errors.${error}`)}
    </p>
  );
}

/** A native select at the height of the other fields, with its label. */
export function SelectField(props: {
  id: string;
  field: string;
  label: string;
  value: number;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  onChange: (value: number) => void;
  children: ReactNode;
  error?: ReactNode;
  'data-testid': string;
}) {
  return (
    <div className="pp-field">
      <label htmlFor={props.id}>{props.label}</label>
      <span className="pp-select-wrap">
        <select
          id={props.id}
          data-field={props.field}
          className="pp-select"
          value={props.value}
          aria-invalid={props.invalid || undefined}
          aria-describedby={props.describedBy}
          disabled={props.disabled}
          onChange={(e) => props.onChange(Number(e.target.value))}
          data-testid={props['data-testid']}
        >
          {props.children}
        </select>
      </span>
      {props.error}
    </div>
  );
}

/** One criterion: its name, the word for the chosen face, and the six faces on one row. */
export function GradeRow(props: {
  id: string;
  field: string;
  name: string;
  grade: number;
  invalid?: boolean;
  error?: ReactNode;
  errorId?: string;
  onChange: (grade: number) => void;
}) {
  const { t } = useTranslation('common');
  const level = props.grade >= 0 ? ((props.grade / 2) as FaceLevel) : null;
  return (
    <div
      className={styles.grade}
      data-field={props.field}
      tabIndex={-1}
      aria-invalid={props.invalid || undefined}
      data-testid={`grade-${props.field}`}
    >
      <p className={styles.gradeHead}>
        <span id={props.id} className={styles.gradeName}>
          {props.name}
        </span>
        <span className={styles.gradeWord} aria-hidden="true">
          {level === null ? '' : t(`faces.${level}`)}
        </span>
      </p>
      <FaceScale
        name={props.id}
        value={level}
        labelledBy={props.id}
        invalid={props.invalid}
        describedBy={props.invalid ? props.errorId : undefined}
        onChange={(face) => props.onChange(face * 2)}
      />
      {props.error}
    </div>
  );
}

/** A yes/no question as two large choices. */
export function YesNo({
  name,
  question,
  value,
  onChange,
  field,
}: {
  name: string;
  question: string;
  value: boolean;
  onChange: (value: boolean) => void;
  field: string;
}) {
  const { t } = useTranslation('review');
  return (
    <fieldset className={styles.question} data-testid={`flag-${field}`}>
      <legend>{question}</legend>
      <div className={styles.answers}>
        {[true, false].map((answer) => (
          <label key={String(answer)} className={styles.answer}>
            <input type="radio" name={name} checked={value === answer} onChange={() => onChange(answer)} />
            {answer ? t('form.yes') : t('form.no')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
