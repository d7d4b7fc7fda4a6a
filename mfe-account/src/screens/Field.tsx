import { type InputHTMLAttributes, useId } from 'react';

/** A labelled input; `invalid` ties it to the form's error message (aria-describedby). */
export function Field({
  label,
  invalid,
  errorId,
  ...input
}: { label: string; invalid?: boolean; errorId?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="pp-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="pp-input" aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined} {...input} />
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
