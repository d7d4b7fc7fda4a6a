import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useId, useRef, useState } from 'react';
import { useTypedBeforeTakeover } from '@pupitre/ui';
import { useTranslation } from 'react-i18next';
import styles from '../account.module.css';

/**
 * A labelled input; `invalid` ties it to the form's error message (aria-describedby). A password
 * field has a show/hide toggle (a button with aria-pressed that never submits the form, named by
 * its text "Show password", part of it visually hidden: no aria-label, which would label the field
 * too for whoever looks it up by its label); `after` goes under the input (the strength meter).
 */
export function Field({
  label,
  invalid,
  errorId,
  after,
  ...input
}: { label: string; invalid?: boolean; errorId?: string; after?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  // An `id` from props where the field is server-rendered (issue #39): useId differs between trees.
  const generated = useId();
  const id = input.id ?? generated;
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(false);
  // What was typed into the server-rendered field before its code arrived is kept (issue #39).
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeTakeover(ref, typeof input.value === 'string' ? input.value : '', () =>
    input.onChange?.({ target: ref.current!, currentTarget: ref.current! } as ChangeEvent<HTMLInputElement>),
  );
  const isPassword = input.type === 'password';
  const field = (
    <input
      ref={ref}
      id={id}
      className="pp-input"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      {...input}
      type={isPassword && shown ? 'text' : input.type}
    />
  );
  return (
    <div className="pp-field">
      <label htmlFor={id}>{label}</label>
      {isPassword ? (
        <div className={styles.passwordRow}>
          {field}
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
            data-testid="password-toggle"
          >
            {t('password.show')}
            <span className="pp-visually-hidden">{t('password.showRest')}</span>
          </button>
        </div>
      ) : (
        field
      )}
      {after}
    </div>
  );
}

/** The inline message of a form (an Auth.* text, and the server's details when there are some). */
export function FormError({ id, message, details = [] }: { id: string; message: string | null; details?: string[] }) {
  return (
    <div id={id} role="alert" aria-live="assertive" data-testid="form-error">
      {message ? <p className="pp-error">{message}</p> : null}
      {details.length ? (
        <ul className="pp-error">
          {details.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
