// The account screens' calls, typed with @pupitre/contracts (type-only imports: no zod in the
// bundle). Paths follow the API contract (djoser-style auth routes; /auth/me* is the rating API).
import { api, COOKIE_SESSION_HEADERS, type RequestOptions, type TokenPairLike } from '@pupitre/api-client';
import type {
  DeleteAccountRequest,
  EmailRequest,
  LoginRequest,
  Me,
  MyReport,
  MyReview,
  OAuthExchangeRequest,
  OAuthCookieExchangeResponse,
  PublicReview,
  ResetConfirmRequest,
  SignupRequest,
  UserSummary,
  ActivationRequest,
} from '@pupitre/contracts';

// Account-form calls handle every answer themselves (inline messages, popups): no page reaction.
const quiet: RequestOptions = { auth: false, react: false };

/** Same value as OAUTH_EXCHANGE_PATH in @pupitre/contracts (not imported as a value: it would bundle zod). */
export const OAUTH_EXCHANGE_PATH = '/auth/oauth2/exchange';
export const GOOGLE_START_PATH = '/auth/oauth2/get-redirect';

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
  removeFavorite: (id: number) => api.delete<null>(`/api/rating/${id}/favorite`),
  deleteReview: (id: number) => api.delete<null>(`/api/rating/${id}`),
};

export const ME_PATH = '/auth/me';
export const MY_FAVORITES_PATH = '/auth/me/favorites';
export const MY_REVIEWS_PATH = '/auth/me/reviews';
export const MY_REPORTS_PATH = '/auth/me/reports';
export type { Me, MyReport, MyReview, PublicReview };
