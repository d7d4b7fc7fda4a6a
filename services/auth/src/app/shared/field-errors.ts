import { type FieldErrors } from '@pupitre/contracts';
import { ApiError } from '@pupitre/server-kit';

/** DRF's messages for the contract's 400 field maps. */
export const FIELD_MESSAGES = {
  required: 'This field is required.',
  blank: 'This field may not be blank.',
  notString: 'Not a valid string.',
  invalidEmail: 'Enter a valid email address.',
  emailTaken: 'user with this email already exists.',
  mismatch: "The two password fields didn't match.",
  invalidUid: "Invalid user id or user doesn't exist.",
  invalidToken: 'Invalid token for given user.',
  staleToken: 'Stale token for given user.',
  invalidPassword: 'Invalid password.',
} as const;

const MAX_FIELD_LENGTH = 4096;

/** The body as a plain object (anything else counts as empty). */
export const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

/**
 * Reads string fields: each missing, blank or non-string one gets its DRF message in `errors`.
 * Passwords are not trimmed; other fields are.
 */
export function readFields<K extends string>(
  body: unknown,
  fields: readonly K[],
  errors: FieldErrors,
  raw: readonly string[] = [],
): Partial<Record<K, string>> {
  const source = asObject(body);
  const out: Partial<Record<K, string>> = {};
  for (const field of fields) {
    const value = source[field];
    if (value === undefined || value === null) errors[field] = [FIELD_MESSAGES.required];
    else if (typeof value !== 'string' || value.length > MAX_FIELD_LENGTH) errors[field] = [FIELD_MESSAGES.notString];
    else {
      const text = raw.includes(field) ? value : value.trim();
      if (!text.length) errors[field] = [FIELD_MESSAGES.blank];
      else out[field] = text;
    }
  }
  return out;
}

/** Throws the 400 with the field map when it has any entry. */
export function throwIfErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new ApiError(400, errors);
}

/** Trimmed and lower-cased: how e-mails are stored and looked up. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// Close to Django's EmailValidator: dot-atom local part, a dotted domain of valid labels.
const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@((?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i;
export const isValidEmail = (email: string): boolean => email.length <= 254 && EMAIL.test(email);
