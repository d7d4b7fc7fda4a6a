import { z } from 'zod';
import { accountSessionListSchema, endOtherSessionsResponseSchema } from './account-sessions';
import {
  accessGrantSchema,
  oauthCookieExchangeResponseSchema,
  oauthExchangeResponseSchema,
  tokenErrorSchema,
  tokenPairSchema,
  userSummarySchema,
} from './auth';
import { rankingSchema, subjectListSchema, teacherDetailSchema } from './catalogue';
import { errorBodySchema } from './errors';
import { healthResponseSchema } from './health';
import { publicationHealthSchema } from './publication-health';
import {
  catalogueImportResultSchema,
  communityCategorySchema,
  meSchema,
  moderationQueueItemSchema,
  myReportSchema,
  myReviewSchema,
  publicReviewSchema,
  reviewEditViewSchema,
  reviewUserStateSchema,
  reviewWriteResponseSchema,
  teacherSearchResultSchema,
  voteResponseSchema,
} from './rating';
import { transparencySchema } from './transparency';
import { ACCOUNT_EXPORT_PATH, accountDataExportSchema, RATING_EXPORT_PATH, ratingDataExportSchema } from './personal-data';
import {
  mfaErrorSchema,
  recoveryCodesSchema,
  secondFactorEnrolmentSchema,
  secondFactorRequiredSchema,
  secondFactorStatusSchema,
} from './second-factor';
import { adminSubjectRowSchema, adminTeacherRowSchema, moderationActionSchema, moderationResultSchema } from './admin';
import {
  invitationAcceptResponseSchema,
  objectionViewSchema,
  replyModerationResultSchema,
  replyWriteResponseSchema,
  teacherInviteResponseSchema,
  teacherSpaceSchema,
} from './teacher-voice';

// The HTTP contract as data: for every endpoint of both services, the body each status answers
// with. Integration tests parse every response they receive through it (strictly: an unknown or a
// missing key fails), front ends parse their tests' fakes through it, and the integration suite
// checks that every row of reference/api-contract.md, error statuses included, was hit.

/** What a status answers: a JSON body schema, `null` for no body (204), `'redirect'` for a 302, `'text'` for a non-JSON page. */
export type ResponseShape = z.ZodType | null | 'redirect' | 'text';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Path pattern: `:name` matches one segment; a trailing slash is significant, as the services route. */
  path: string;
  /** The statuses of its api-contract.md row (or its documentation): the suite must hit each. */
  responses: Readonly<Record<number, ResponseShape>>;
  /** Statuses it may also answer (malformed input, sign-in, throttling) that no test has to provoke. */
  also: Readonly<Record<number, ResponseShape>>;
  /** A row of reference/api-contract.md (its statuses must all be hit), or documented only here. */
  row: boolean;
}

/**
 * 400 of an auth form: a field-error map over its own fields (`{"email": ["Enter a valid email
 * address."]}`), or the generic error body when the request is not a form at all (malformed JSON).
 */
export const fieldErrorsOf = (...fields: [string, ...string[]]) =>
  z.union([
    z.partialRecord(z.enum([...fields, 'non_field_errors']), z.array(z.string()).min(1)).refine((m) => Object.keys(m).length > 0),
    errorBodySchema,
  ]);
/** 401 of an endpoint that needs an access token (simplejwt's bodies). */
export const accessErrorSchema = z.strictObject({
  detail: z.string(),
  code: z.string().optional(),
  messages: z.array(z.strictObject({ token_class: z.string(), token_type: z.string(), message: z.string() })).optional(),
});
/** 403 and other `{detail}` answers of the auth service. */
export const detailSchema = z.strictObject({ detail: z.string() });
/** GET /api/rating/community and /api/teacher/{id}/reviews: the categories, then the caller's state. */
export const communityResponseSchema = z
  .array(z.unknown())
  .min(1)
  .transform((items, ctx) => {
    const blocks = items.slice(0, -1).map((b) => communityCategorySchema.safeParse(b));
    const state = reviewUserStateSchema.safeParse(items.at(-1));
    for (const [i, b] of blocks.entries()) if (!b.success) ctx.addIssue({ code: 'custom', path: [i], message: z.prettifyError(b.error) });
    if (!state.success) ctx.addIssue({ code: 'custom', path: [items.length - 1], message: z.prettifyError(state.error) });
    return items;
  });
export const jwksSchema = z.strictObject({
  keys: z
    .array(
      z.strictObject({
        kty: z.literal('EC'),
        crv: z.string(),
        x: z.string(),
        y: z.string(),
        kid: z.string(),
        alg: z.string(),
        use: z.string(),
      }),
    )
    .min(1),
});

const error = errorBodySchema;
const bearer = { 401: accessErrorSchema };
/** 403 of a staff endpoint: not staff (`{detail}`), or a staff session without the second factor. */
const staffOnly = z.union([detailSchema, secondFactorRequiredSchema]);
const throttled = { 429: error };

function endpoint(method: HttpMethod, path: string, responses: Endpoint['responses'], also: Endpoint['also'] = {}, row = true): Endpoint {
  return { method, path, responses, also: { 400: error, 413: error, 415: error, 503: error, ...also }, row };
}
/** An endpoint that is not a row of api-contract.md (admin, moderation, health, Google code exchange). */
const extra = (method: HttpMethod, path: string, responses: Endpoint['responses'], also: Endpoint['also'] = {}) =>
  endpoint(method, path, responses, also, false);

export const AUTH_ENDPOINTS: readonly Endpoint[] = [
  endpoint('POST', '/auth/manage/users/', { 201: userSummarySchema, 400: fieldErrorsOf('email', 'password', 're_password') }, throttled),
  endpoint('POST', '/auth/manage/users/activation/', { 204: null, 400: fieldErrorsOf('uid', 'token'), 403: detailSchema }, throttled),
  endpoint('POST', '/auth/manage/users/resend_activation/', { 204: null, 400: fieldErrorsOf('email') }, throttled),
  endpoint('POST', '/auth/manage/users/reset_password/', { 204: null, 400: fieldErrorsOf('email') }, throttled),
  endpoint(
    'POST',
    '/auth/manage/users/reset_password_confirm/',
    { 204: null, 400: fieldErrorsOf('uid', 'token', 'new_password', 're_new_password') },
    throttled,
  ),
  extra(
    'POST',
    '/auth/manage/users/set_password/',
    { 204: null, 400: fieldErrorsOf('current_password', 'new_password', 're_new_password', 'non_field_errors') },
    { 401: accessErrorSchema, 429: error },
  ),
  endpoint('GET', '/auth/manage/users/me/', { 200: userSummarySchema, 401: accessErrorSchema }),
  endpoint('DELETE', '/auth/manage/users/me/', { 204: null, 400: fieldErrorsOf('current_password') }, { ...bearer, ...throttled }),
  // The caller's copy of their own data (issue #41): the account here, the rest from rating (/auth/me/export).
  extra('GET', ACCOUNT_EXPORT_PATH, { 200: accountDataExportSchema, 401: accessErrorSchema }),
  // A cookie client (SESSION_TRANSPORT_HEADER) gets the access token alone; a call from another site answers 403.
  // An account with the second factor: 401 mfa_required / mfa_invalid until a right code comes.
  endpoint(
    'POST',
    '/auth/token/',
    {
      200: z.union([tokenPairSchema, accessGrantSchema]),
      400: fieldErrorsOf('email', 'password'),
      401: z.union([detailSchema, mfaErrorSchema]),
      429: error,
    },
    { 403: error },
  ),
  endpoint(
    'POST',
    '/auth/token/refresh/',
    { 200: z.union([tokenPairSchema, accessGrantSchema]), 401: tokenErrorSchema },
    { 400: fieldErrorsOf('refresh'), 403: error, ...throttled },
  ),
  endpoint('POST', '/auth/logout', { 200: z.strictObject({}), 400: error }, throttled),
  extra('POST', '/auth/token/logout/', { 200: z.strictObject({}), 403: error }, throttled),
  endpoint('GET', '/auth/oauth2/get-redirect', { 302: 'redirect' }, throttled),
  endpoint('GET', '/auth/oauth2/callback', { 302: 'redirect' }, throttled),
  endpoint('GET', '/auth/.well-known/jwks.json', { 200: jwksSchema }),
  extra(
    'POST',
    '/auth/teacher-invitations/accept',
    { 200: invitationAcceptResponseSchema, 400: error, 403: error, 409: error },
    { ...bearer, ...throttled },
  ),
  // The caller's own sessions (/settings): someone else's session id is answered 404 like a missing one.
  extra('GET', '/auth/sessions', { 200: accountSessionListSchema }, bearer),
  extra('DELETE', '/auth/sessions/:id', { 204: null, 404: error }, { ...bearer, ...throttled }),
  extra('POST', '/auth/sessions/end-others', { 200: endOtherSessionsResponseSchema, 400: error }, { ...bearer, ...throttled }),
  extra(
    'POST',
    '/auth/oauth2/exchange',
    { 200: z.union([oauthExchangeResponseSchema, oauthCookieExchangeResponseSchema]), 400: error, 401: mfaErrorSchema },
    { 403: error, ...throttled },
  ),
  // The second factor (second-factor.ts): the signed-in account's own
  extra('GET', '/auth/second-factor', { 200: secondFactorStatusSchema }, bearer),
  extra('POST', '/auth/second-factor/enrolment', { 200: secondFactorEnrolmentSchema, 400: error }, { ...bearer, ...throttled }),
  extra('POST', '/auth/second-factor/confirm', { 200: recoveryCodesSchema, 400: error }, { ...bearer, ...throttled }),
  extra('POST', '/auth/second-factor/disable', { 204: null, 400: error }, { ...bearer, ...throttled }),
  extra('POST', '/auth/second-factor/recovery-codes', { 200: recoveryCodesSchema, 400: error }, { ...bearer, ...throttled }),
  extra('GET', '/auth/health', { 200: healthResponseSchema }, { 503: healthResponseSchema }),
  // 404 where the Swagger UI is off (production's default: API_DOCS).
  extra('GET', '/auth/docs', { 200: 'text' }, { 404: error }),
  extra(
    'GET',
    '/auth/docs/openapi.json',
    { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
    { 404: error },
  ),
];

const reviewId = { 404: error };
/** Every route of the rating API, reads included, may answer 429 with Retry-After: its rate limits per address and account. */
const rateLimited = (e: Endpoint): Endpoint => ({ ...e, also: { ...e.also, ...throttled } });
export const RATING_ENDPOINTS: readonly Endpoint[] = [
  endpoint('GET', '/api/teachers', { 200: z.array(teacherSearchResultSchema), 400: error }),
  endpoint('GET', '/api/teachers/ranking', { 200: rankingSchema }),
  endpoint('GET', '/api/teacher/:id', { 200: teacherDetailSchema, 404: error }),
  endpoint('GET', '/api/teacher/:id/reviews', { 200: communityResponseSchema, 404: error }),
  endpoint('GET', '/api/rating/community', { 200: communityResponseSchema }),
  endpoint('POST', '/api/rating/:id', { 201: reviewWriteResponseSchema, 400: error, 409: error }, { ...bearer, ...reviewId, ...throttled }),
  // Someone else's review is answered 404 as a missing one (no existence oracle): never 403.
  endpoint('GET', '/api/rating/:id', { 200: reviewEditViewSchema, 404: error }, bearer),
  endpoint('PUT', '/api/rating/:id', { 200: reviewWriteResponseSchema, 400: error, 404: error }, { ...bearer, 409: error, ...throttled }),
  extra('DELETE', '/api/rating/:id', { 204: null, 404: error }, { ...bearer, ...throttled }),
  endpoint(
    'POST',
    '/api/rating/:id/report',
    { 201: z.strictObject({ message: z.string() }), 400: error, 409: error },
    { ...bearer, ...reviewId, 403: error, ...throttled },
  ),
  endpoint('POST', '/api/rating/:id/favorite', { 200: z.strictObject({ value: z.boolean() }), 404: error }, { ...bearer, ...throttled }),
  endpoint('DELETE', '/api/rating/:id/favorite', { 204: null }, { ...bearer, ...throttled }),
  endpoint('POST', '/api/relatable/:id', { 200: voteResponseSchema, 404: error }, { ...bearer, 403: error, ...throttled }),
  endpoint('DELETE', '/api/relatable/:id', { 200: voteResponseSchema }, { ...bearer, ...reviewId, ...throttled }), // 404 unless public
  endpoint('GET', '/auth/me', { 200: meSchema, 401: accessErrorSchema }),
  endpoint('GET', '/auth/me/favorites', { 200: z.array(publicReviewSchema), 401: accessErrorSchema }),
  endpoint('GET', '/auth/me/reviews', { 200: z.array(myReviewSchema), 401: accessErrorSchema }),
  extra('GET', '/auth/me/reports', { 200: z.array(myReportSchema) }, bearer),
  extra('GET', RATING_EXPORT_PATH, { 200: ratingDataExportSchema, 401: accessErrorSchema }),
  extra('GET', '/api/transparency', { 200: transparencySchema }),
  extra('GET', '/api/subjects', { 200: subjectListSchema }),
  extra('GET', '/api/health', { 200: healthResponseSchema }, { 503: healthResponseSchema }),
  // 404 where the Swagger UI is off (production's default: API_DOCS).
  extra('GET', '/api/docs', { 200: 'text' }, { 404: error }),
  extra(
    'GET',
    '/api/docs/openapi.json',
    { 200: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }) },
    { 404: error },
  ),
  // Moderation (moderator or admin role) and catalogue (admin role)
  extra('GET', '/api/moderation/queue', { 200: z.array(moderationQueueItemSchema) }, { ...bearer, 403: staffOnly }),
  extra('GET', '/api/moderation/actions', { 200: z.array(moderationActionSchema) }, { ...bearer, 403: staffOnly }),
  extra('GET', '/api/moderation/health', { 200: publicationHealthSchema }, { ...bearer, 403: staffOnly }),
  extra('GET', '/api/moderation/reviews/:id/actions', { 200: z.array(moderationActionSchema) }, { ...bearer, 403: staffOnly }),
  ...(['approve', 'reject', 'restore'] as const).map((action) =>
    extra(
      'POST',
      `/api/moderation/reviews/:id/${action}`,
      { 200: moderationResultSchema },
      { ...bearer, 403: staffOnly, 404: error, 409: error },
    ),
  ),
  // Teachers' right of reply and objection (teacher-voice.ts): the linked teacher, then the moderators
  extra('GET', '/api/teacher-space', { 200: teacherSpaceSchema, 403: error }, bearer),
  extra(
    'POST',
    '/api/teacher-space/objection',
    { 201: objectionViewSchema, 400: error, 409: error },
    { ...bearer, 403: error, ...throttled },
  ),
  extra(
    'POST',
    '/api/rating/:id/reply',
    { 201: replyWriteResponseSchema, 400: error, 403: error, 404: error, 409: error },
    { ...bearer, ...throttled },
  ),
  extra('GET', '/api/moderation/objections', { 200: z.array(objectionViewSchema) }, { ...bearer, 403: staffOnly }),
  ...(['accept', 'refuse'] as const).map((action) =>
    extra(
      'POST',
      `/api/moderation/objections/:id/${action}`,
      { 200: objectionViewSchema, 404: error, 409: error },
      { ...bearer, 403: staffOnly },
    ),
  ),
  ...(['approve', 'reject'] as const).map((action) =>
    extra(
      'POST',
      `/api/moderation/reviews/:id/reply/${action}`,
      { 200: replyModerationResultSchema, 404: error, 409: error },
      { ...bearer, 403: staffOnly },
    ),
  ),
  extra(
    'POST',
    '/api/moderation/teachers/:id/invite',
    { 200: teacherInviteResponseSchema, 400: error, 404: error },
    { ...bearer, 403: staffOnly },
  ),
  extra('GET', '/api/admin/subjects', { 200: z.array(adminSubjectRowSchema) }, { ...bearer, 403: staffOnly }),
  extra('POST', '/api/admin/subjects', { 201: adminSubjectRowSchema }, { ...bearer, 403: staffOnly, 409: error }),
  extra('PATCH', '/api/admin/subjects/:id', { 200: adminSubjectRowSchema }, { ...bearer, 403: staffOnly, 404: error, 409: error }),
  extra('POST', '/api/admin/subjects/import', { 200: catalogueImportResultSchema }, { ...bearer, 403: staffOnly }),
  extra('GET', '/api/admin/teachers', { 200: z.array(adminTeacherRowSchema) }, { ...bearer, 403: staffOnly }),
  extra('POST', '/api/admin/teachers', { 201: adminTeacherRowSchema }, { ...bearer, 403: staffOnly, 409: error }),
  extra('PATCH', '/api/admin/teachers/:id', { 200: adminTeacherRowSchema }, { ...bearer, 403: staffOnly, 404: error, 409: error }),
  extra('POST', '/api/admin/teachers/import', { 200: catalogueImportResultSchema }, { ...bearer, 403: staffOnly }),
].map(rateLimited);

const dependencyCheckSchema = z.strictObject({ up: z.boolean(), error: z.string().optional() });
const readinessSchema = z.strictObject({
  status: z.enum(['ready', 'unavailable']),
  down: z.array(z.enum(['database', 'redis'])),
  checks: z.strictObject({ database: dependencyCheckSchema, redis: dependencyCheckSchema }),
});

/** The probes every service process answers on its own port (not through the gateway). */
export const PROBE_ENDPOINTS: readonly Endpoint[] = [
  extra('GET', '/healthz', { 200: z.strictObject({ status: z.literal('ok') }) }),
  extra('GET', '/readyz', { 200: readinessSchema }, { 503: readinessSchema }),
  extra('GET', '/metrics', { 200: 'text' }),
];

export const ENDPOINTS: readonly Endpoint[] = [...AUTH_ENDPOINTS, ...RATING_ENDPOINTS, ...PROBE_ENDPOINTS];

const patternCache = new Map<string, RegExp>();
function patternOf(path: string): RegExp {
  let re = patternCache.get(path);
  if (!re) {
    re = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z]+/g, '[^/]+')}$`);
    patternCache.set(path, re);
  }
  return re;
}

/** The endpoint a request goes to (literal paths before patterns: `/api/teachers/ranking` is not `/api/teachers/:x`). */
export function findEndpoint(method: string, url: string, endpoints: readonly Endpoint[] = ENDPOINTS): Endpoint | null {
  const path = new URL(url, 'http://x').pathname;
  const candidates = endpoints.filter((e) => e.method === method.toUpperCase() && patternOf(e.path).test(path));
  return candidates.find((e) => !e.path.includes(':')) ?? candidates[0] ?? null;
}

/** The shape a response must have: the endpoint's, its `also`, or a 404 for a path no endpoint serves. */
export function responseShape(method: string, url: string, status: number): { endpoint: Endpoint | null; shape: ResponseShape } {
  const endpoint = findEndpoint(method, url);
  if (!endpoint) {
    if (status === 404 || status === 405) return { endpoint: null, shape: error };
    throw new Error(
      `contract: no endpoint ${method.toUpperCase()} ${url} (status ${status}); declare it in libs/contracts/src/endpoints.ts`,
    );
  }
  const shape = endpoint.responses[status] !== undefined ? endpoint.responses[status] : endpoint.also[status];
  if (shape === undefined) throw new Error(`contract: ${endpoint.method} ${endpoint.path} does not answer ${status}`);
  return { endpoint, shape };
}

/**
 * Checks one response against the contract: throws an Error naming the endpoint, the status and
 * every difference. `body` is the parsed JSON (undefined when the response had none), `text` the raw body.
 */
export function checkResponse(method: string, url: string, status: number, body: unknown, text: string): Endpoint | null {
  const { endpoint, shape } = responseShape(method, url, status);
  const where = `${method.toUpperCase()} ${endpoint?.path ?? url} → ${status}`;
  if (shape === null) {
    if (text !== '') throw new Error(`contract: ${where} must have no body, got ${text.slice(0, 200)}`);
  } else if (shape !== 'redirect' && shape !== 'text') {
    const parsed = shape.safeParse(body);
    if (!parsed.success)
      throw new Error(
        `contract: ${where}: the body does not match its schema:\n${z.prettifyError(parsed.error)}\nbody: ${JSON.stringify(body)?.slice(0, 600)}`,
      );
  }
  return endpoint;
}

/** Every (endpoint, status) the integration suite must hit: the api-contract.md rows and their statuses. */
export function contractRows(): string[] {
  return ENDPOINTS.filter((e) => e.row).flatMap((e) => Object.keys(e.responses).map((status) => hitKey(e, Number(status))));
}
export const hitKey = (e: Pick<Endpoint, 'method' | 'path'>, status: number): string => `${e.method} ${e.path} ${status}`;
