import { isSessionRevoked, sessionRevokedKey, sessionStateOf, sessionVersionKey } from './sessions';

describe('session state', () => {
  it('names the shared Redis keys', () => {
    expect(sessionRevokedKey('f1')).toBe('auth:session-revoked:f1');
    expect(sessionVersionKey('u1')).toBe('auth:session-version:u1');
  });

  it('reads an MGET answer: absent or garbage versions are 0', () => {
    expect(sessionStateOf([null, null])).toEqual({ version: 0, revokedBy: null });
    expect(sessionStateOf(['3', 'logout'])).toEqual({ version: 3, revokedBy: 'logout' });
    expect(sessionStateOf(['x', null])).toEqual({ version: 0, revokedBy: null });
  });

  it("a token is dead when its session is revoked or its version is older than the user's", () => {
    const live = { version: 2, revokedBy: null };
    expect(isSessionRevoked({ sid: 's', sv: 2 }, live)).toBe(false);
    expect(isSessionRevoked({ sid: 's', sv: 3 }, live)).toBe(false);
    expect(isSessionRevoked({ sid: 's', sv: 1 }, live)).toBe(true);
    expect(isSessionRevoked({ sid: 's', sv: 2 }, { version: 2, revokedBy: 'logout' })).toBe(true);
    // Tokens from before sessions had ids: version 0, no session to revoke.
    expect(isSessionRevoked({}, { version: 0, revokedBy: null })).toBe(false);
    expect(isSessionRevoked({}, { version: 1, revokedBy: null })).toBe(true);
  });
});
