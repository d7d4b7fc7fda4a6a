import { type InputHTMLAttributes, useState } from 'react';
import { Field } from '../Field';
import { StrengthMeter, usePasswordStrength } from './StrengthMeter';

/**
 * A new password's field: the show/hide toggle of every password field, and the strength meter,
 * whose dictionaries are fetched when the field is first focused or typed in (never on load: a
 * value filled in without either, by a password manager, shows no meter).
 * `userInputs`: words the password should not be built on (the e-mail address).
 */
export function NewPasswordField({
  value,
  userInputs,
  onFocus,
  onKeyDown,
  ...props
}: { label: string; value: string; invalid?: boolean; errorId?: string; userInputs?: string[] } & InputHTMLAttributes<HTMLInputElement>) {
  const [engaged, setEngaged] = useState(false);
  const score = usePasswordStrength(value, engaged, userInputs);
  return (
    <Field
      {...props}
      type="password"
      autoComplete="new-password"
      value={value}
      onFocus={(e) => {
        setEngaged(true);
        onFocus?.(e);
      }}
      onKeyDown={(e) => {
        setEngaged(true);
        onKeyDown?.(e);
      }}
      after={<StrengthMeter score={score} />}
    />
  );
}
