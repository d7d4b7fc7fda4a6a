// Client-side checks of the account forms (spec, section 5), each failing with its Auth.* message
// (namespace `common`). The server checks again; its answers map to the same messages.
import { MIN_PASSWORD_LENGTH } from '@pupitre/contracts';

/** The server's rule (the contracts'): 12 characters for a new password. */
export const PASSWORD_MIN_LENGTH = MIN_PASSWORD_LENGTH;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AuthMessage =
  | 'Auth.password-too-common'
  | 'Auth.password-numeric'
  | 'Auth.password-similar'
  | 'Auth.all-fields-required'
  | 'Auth.invalid-email'
  | 'Auth.password-too-short'
  | 'Auth.not-corresponding-password'
  | 'Auth.email-used'
  | 'Auth.invalid-password';

export const isEmail = (value: string) => EMAIL_PATTERN.test(value.trim());

export function validateLogin(email: string, password: string): AuthMessage | null {
  if (!email.trim() || !password) return 'Auth.all-fields-required';
  if (!isEmail(email)) return 'Auth.invalid-email';
  return null;
}

export function validateNewPassword(password: string, confirm: string): AuthMessage | null {
  if (!password || !confirm) return 'Auth.all-fields-required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'Auth.password-too-short';
  if (password !== confirm) return 'Auth.not-corresponding-password';
  return null;
}

export function validateSignup(email: string, password: string, confirm: string): AuthMessage | null {
  if (!email.trim() || !password || !confirm) return 'Auth.all-fields-required';
  if (!isEmail(email)) return 'Auth.invalid-email';
  return validateNewPassword(password, confirm);
}

const fieldMessages = (body: unknown, field: string): string[] => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
};

/**
 * The service's password rules (worded in English, as Django words them) as our translated
 * messages; a rule we do not know is left to the general message.
 */
const PASSWORD_RULES: [RegExp, AuthMessage][] = [
  [/too short/i, 'Auth.password-too-short'],
  [/too common/i, 'Auth.password-too-common'],
  [/entirely numeric/i, 'Auth.password-numeric'],
  [/too similar/i, 'Auth.password-similar'],
];
export function passwordRuleKeys(messages: string[]): AuthMessage[] {
  return [...new Set(messages.flatMap((m) => PASSWORD_RULES.filter(([pattern]) => pattern.test(m)).map(([, key]) => key)))];
}

/**
 * The message for a 400 from signup (field maps, API contract): an array under `email` = already
 * used; `details` are the broken password rules, as translation keys (namespace `common`).
 */
export function signupErrorMessage(body: unknown): { key: AuthMessage | 'Error.signup-failed'; details: AuthMessage[] } {
  const email = fieldMessages(body, 'email');
  if (email.length)
    return {
      key: email.some((m) => /valid/i.test(m))
        ? 'Auth.invalid-email'
        : email.some((m) => /required/i.test(m))
          ? 'Auth.all-fields-required'
          : 'Auth.email-used',
      details: [],
    };
  const password = [...fieldMessages(body, 'password'), ...fieldMessages(body, 'new_password')];
  if (password.length) return { key: 'Auth.invalid-password', details: passwordRuleKeys(password) };
  if (fieldMessages(body, 'non_field_errors').length || fieldMessages(body, 're_password').length)
    return { key: 'Auth.not-corresponding-password', details: [] };
  return { key: 'Error.signup-failed', details: [] };
}
