// The account screens' calls, typed with @pupitre/contracts (type-only imports: no zod in the
// bundle). Paths follow the API contract (djoser-style auth routes; /auth/me* is the rating API).
import { api, COOKIE_SESSION_HEADERS, type RequestOptions, type TokenPairLike } from '@pupitre/api-client';
import type {
  AccountDataExport,
  AccountSession,
  DeleteAccountRequest,
  EmailRequest,
  LoginRequest,
  Me,
  MyReport,
  MyReview,
  OAuthExchangeRequest,
  OAuthCookieExchangeResponse,
  PublicReview,
  RatingDataExport,
  ResetConfirmRequest,
  SetPasswordRequest,
  SignupRequest,
  UserSummary,
  ActivationRequest,
  RecoveryCodes,
  SecondFactorEnrolment,
} from '@pupitre/contracts';

// Account-form calls handle every answer themselves (inline messages, popups): no page reaction.
const quiet: RequestOptions = { auth: false, react: false };

/** Same value as OAUTH_EXCHANGE_PATH in @pupitre/contracts (not imported as a value: it would bundle zod). */
export const OAUTH_EXCHANGE_PATH = '/auth/oauth2/exchange';
export const GOOGLE_START_PATH = '/auth/oauth2/get-redirect';
/** Same value as SECOND_FACTOR_PATH in @pupitre/contracts, without its trailing slash. */
export const SECOND_FACTOR_PATH = '/auth/second-factor';
/** `code` of a sign-in's 401 when the account asks for its second factor, and when the code was wrong (contracts: MFA_*). */
export const MFA_REQUIRED = 'mfa_required';
export const MFA_INVALID = 'mfa_invalid';
/** The `code` of a 401 body, if any. */
export const mfaCodeOf = (body: unknown): string | undefined =>
  body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : undefined;

/** The caller's sessions (same values as ACCOUNT_SESSIONS_PATH and friends in @pupitre/contracts). */
export const SESSIONS_PATH = '/auth/sessions';
export const END_OTHERS_PATH = '/auth/sessions/end-others';
export const sessionPath = (id: string) => `${SESSIONS_PATH}/${encodeURIComponent(id)}`;

/** The two parts of the user's copy of their data (same values as ACCOUNT_EXPORT_PATH and RATING_EXPORT_PATH in @pupitre/contracts). */
export const ACCOUNT_DATA_PATH = '/auth/manage/users/me/export/';
export const RATING_DATA_PATH = '/auth/me/export';

export const accountApi = {
  signup: (body: SignupRequest) => api.post<UserSummary>('/auth/manage/users/', body, quiet),
  activate: (body: ActivationRequest) => api.post<null>('/auth/manage/users/activation/', body, quiet),
  // Sign-in and the Google exchange ask for the cookie: the refresh token never reaches a script.
  login: (body: LoginRequest) => api.post<TokenPairLike>('/auth/token/', body, { ...quiet, headers: { ...COOKIE_SESSION_HEADERS } }),
  requestReset: (body: EmailRequest) => api.post<null>('/auth/manage/users/reset_password/', body, quiet),
  confirmReset: (body: ResetConfirmRequest) => api.post<null>('/auth/manage/users/reset_password_confirm/', body, quiet),
  exchangeGoogleCode: (body: OAuthExchangeRequest) =>
    api.post<OAuthCookieExchangeResponse>(OAUTH_EXCHANGE_PATH, body, { ...quiet, headers: { ...COOKIE_SESSION_HEADERS } }),
  deleteAccount: (body: DeleteAccountRequest) => api.delete<null>('/auth/manage/users/me/', { body, react: false }),
  // The forms show every answer themselves (a 404 of an ended session is no reason to leave the page).
  setPassword: (body: SetPasswordRequest) => api.post<null>('/auth/manage/users/set_password/', body, { react: false }),
  endSession: (id: string) => api.delete<null>(sessionPath(id), { react: false }),
  endOtherSessions: () => api.post<{ ended: number }>(END_OTHERS_PATH, undefined, { react: false }),
  // The second factor (the signed-in account's own): outcomes shown by its panel.
  startSecondFactor: (password: string) =>
    api.post<SecondFactorEnrolment>(`${SECOND_FACTOR_PATH}/enrolment`, { password }, { react: false }),
  confirmSecondFactor: (code: string) => api.post<RecoveryCodes>(`${SECOND_FACTOR_PATH}/confirm`, { code }, { react: false }),
  disableSecondFactor: (proof: { code: string } | { recovery_code: string }) =>
    api.post<null>(`${SECOND_FACTOR_PATH}/disable`, proof, { react: false }),
  newRecoveryCodes: (code: string) => api.post<RecoveryCodes>(`${SECOND_FACTOR_PATH}/recovery-codes`, { code }, { react: false }),
  // The copy of the user's data: never kept offline (`keep` off), every outcome shown by its panel.
  accountData: () => api.get<AccountDataExport>(ACCOUNT_DATA_PATH, { react: false }),
  ratingData: () => api.get<RatingDataExport>(RATING_DATA_PATH, { react: false }),
  removeFavorite: (id: number) => api.delete<null>(`/api/rating/${id}/favorite`),
  deleteReview: (id: number) => api.delete<null>(`/api/rating/${id}`),
};

export const ME_PATH = '/auth/me';
export const MY_FAVORITES_PATH = '/auth/me/favorites';
export const MY_REVIEWS_PATH = '/auth/me/reviews';
export const MY_REPORTS_PATH = '/auth/me/reports';
export type { AccountSession, Me, MyReport, MyReview, PublicReview };
