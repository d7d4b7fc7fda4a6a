// Sessions held by a cookie (issue #38, docs/decisions/0013), without zod: the shell's first load
// imports these. A client that sends `X-Pupitre-Session: cookie` on sign-in, refresh and the Google
// exchange gets its refresh token only in an HttpOnly, SameSite=Strict cookie scoped to
// REFRESH_COOKIE_PATH, and the body carries the access token alone (accessGrantSchema). Without the
// header (older clients) the pair travels in the body as before.

export const SESSION_TRANSPORT_HEADER = 'X-Pupitre-Session';
export const COOKIE_TRANSPORT = 'cookie';
export const REFRESH_COOKIE = 'pupitre_refresh';
/** The refresh cookie goes to these paths only: refresh and the cookie logout. */
export const REFRESH_COOKIE_PATH = '/auth/token/';
export const REFRESH_PATH = '/auth/token/refresh/';
/** Ends the cookie's session (the body logout, POST /auth/logout, never sees the cookie). */
export const COOKIE_LOGOUT_PATH = '/auth/token/logout/';
/** 403 of a cookie endpoint called from another site (Origin / Sec-Fetch-Site). */
export const CROSS_SITE_ERROR = 'cross-site-request';
