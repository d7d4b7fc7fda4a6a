import { checkResponse } from './endpoints';
import { accessTokenClaimsSchema } from './tokens';
import { hasSecondFactor, normalizeRecoveryCode, totpCodeSchema } from './second-factor';

const check = (method: string, url: string, status: number, body?: unknown) => () =>
  checkResponse(method, url, status, body, body === undefined ? '' : JSON.stringify(body));

describe('the second factor in the contract', () => {
  it('lets a sign-in and a Google exchange answer mfa_required and mfa_invalid', () => {
    expect(check('POST', '/auth/token/', 401, { detail: 'x', code: 'mfa_required' })).not.toThrow();
    expect(check('POST', '/auth/token/', 401, { detail: 'No active account found with the given credentials' })).not.toThrow();
    expect(check('POST', '/auth/oauth2/exchange', 401, { detail: 'x', code: 'mfa_invalid' })).not.toThrow();
    expect(check('POST', '/auth/token/', 401, { detail: 'x', code: 'something_else' })).toThrow();
  });

  it('lets a staff endpoint answer second-factor-required', () => {
    expect(check('GET', '/api/moderation/queue', 403, { error: 'second-factor-required', detail: 'x' })).not.toThrow();
    expect(check('GET', '/api/admin/subjects', 403, { detail: 'You do not have permission to perform this action.' })).not.toThrow();
  });

  it('reads amr from tokens, absent in older ones', () => {
    const claims = { sub: 'u', token_type: 'access', jti: 'j', iat: 1, exp: 2, roles: ['moderator'] };
    expect(hasSecondFactor(accessTokenClaimsSchema.parse(claims))).toBe(false);
    expect(hasSecondFactor(accessTokenClaimsSchema.parse({ ...claims, amr: ['mfa', 'otp'] }))).toBe(true);
  });

  it('reads codes as typed', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(totpCodeSchema.safeParse('12345a').success).toBe(false);
    expect(normalizeRecoveryCode(' AbCdE-fGhIj ')).toBe('abcdefghij');
  });
});
