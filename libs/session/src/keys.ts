// The local-storage keys of the session (see ./store.ts), alone in a module without side effects:
// a module may read one of them without taking the store. Only the e-mail and the
// language are stored; the tokens live in memory and in an HttpOnly cookie (issue #38).
export const SESSION_KEYS = {
  email: 'email',
  lang: 'lang',
} as const;

/**
 * Where earlier versions kept the tokens. They are removed at start-up; a refresh token found there is
 * spent once to move that session into the cookie (takeLegacyRefresh).
 */
export const LEGACY_TOKEN_KEYS = ['access', 'access-expiry', 'refresh'] as const;

/**
 * Set at logout until the server has ended the cookie's session (an offline logout): the next page
 * that opens online tells it. Not the user's data: a flag.
 */
export const LOGOUT_PENDING_KEY = 'logout-pending';
