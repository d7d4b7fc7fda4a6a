import { startTokenIssuer, type TestTokenIssuer } from '@pupitre/server-kit/testing';
import { InvalidTokenError, TokenVerifier } from './token-verifier';

describe('TokenVerifier (local verification against the JWKS)', () => {
  let issuer: TestTokenIssuer;
  let verifier: TokenVerifier;

  beforeAll(async () => {
    issuer = await startTokenIssuer();
    verifier = new TokenVerifier(issuer.jwksUrl, 0);
  });
  afterAll(() => issuer.close());

  it('accepts a valid ES256 access token and returns the user and roles', async () => {
    await expect(verifier.verify(await issuer.sign({ sub: 'u1', roles: ['user', 'admin'] }))).resolves.toEqual({
      id: 'u1',
      roles: ['user', 'admin'],
      secondFactor: true, // the stand-in issues staff tokens as sessions opened with the second factor
    });
  });

  it.each([
    ['expired', () => issuer.expired()],
    ['tampered', () => issuer.tampered()],
    ['alg none', () => issuer.algNone()],
    ['signed with another key', () => issuer.wrongKey()],
    ['a refresh token', () => issuer.refresh()],
    ['missing claims', () => issuer.sign({ claims: { roles: undefined, jti: undefined } })],
    ['garbage', async () => 'not.a.jwt'],
  ])('rejects %s', async (_, token) => {
    await expect(verifier.verify(await token())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('caches the key set (no fetch per token) and refetches once on an unknown kid (rotation)', async () => {
    const fresh = new TokenVerifier(issuer.jwksUrl, 0);
    const before = issuer.jwksRequests;
    for (let i = 0; i < 5; i++) await fresh.verify(await issuer.sign());
    expect(issuer.jwksRequests - before).toBe(1);
    await issuer.rotate(true);
    await expect(fresh.verify(await issuer.sign({ sub: 'after-rotation' }))).resolves.toMatchObject({ id: 'after-rotation' });
    expect(issuer.jwksRequests - before).toBe(2);
  });

  it('remembers a verified token until it expires, and only that token', async () => {
    const own = await startTokenIssuer();
    try {
      const fresh = new TokenVerifier(own.jwksUrl, 0);
      const checked = await own.sign({ sub: 'remembered', expiresIn: 60 });
      const unchecked = await own.sign({ sub: 'never-checked', expiresIn: 60 });
      await expect(fresh.verify(checked)).resolves.toMatchObject({ id: 'remembered' });
      // The key that signed both leaves the key set (seen once a token of the new key is verified).
      await own.rotate(true);
      await expect(fresh.verify(await own.sign({ sub: 'new-key' }))).resolves.toMatchObject({ id: 'new-key' });
      await expect(fresh.verify(checked)).resolves.toMatchObject({ id: 'remembered' });
      await expect(fresh.verify(unchecked)).rejects.toBeInstanceOf(InvalidTokenError);
      // Past its expiry (and the clock tolerance) it is checked again, and refused.
      const exp = JSON.parse(Buffer.from(checked.split('.')[1], 'base64url').toString()).exp as number;
      jest.spyOn(Date, 'now').mockReturnValue((exp + 6) * 1000);
      await expect(fresh.verify(checked)).rejects.toBeInstanceOf(InvalidTokenError);
    } finally {
      jest.restoreAllMocks();
      await own.close();
    }
  });
});
