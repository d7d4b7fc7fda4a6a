// Client-side checks of the account forms (spec, section 5), each failing with its Auth.* message
// (namespace `common`). The server checks again; its answers map to the same messages.
export const PASSWORD_MIN_LENGTH = 8;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type AuthMessage =
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

/** The message for a 400 from signup (field maps, API contract): an array under `email` = already used. */
export function signupErrorMessage(body: unknown): { key: AuthMessage | 'Error.signup-failed'; details: string[] } {
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
  if (password.length) return { key: 'Auth.invalid-password', details: password };
  if (fieldMessages(body, 'non_field_errors').length || fieldMessages(body, 're_password').length)
    return { key: 'Auth.not-corresponding-password', details: [] };
  return { key: 'Error.signup-failed', details: [] };
}
