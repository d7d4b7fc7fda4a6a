import { request } from '@pupitre/server-kit/testing';
import { type Harness, startHarness } from '../../../testing/rating-harness';

jest.setTimeout(30_000);

describe('access tokens on the rating API (issued by a stand-in auth service)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(__filename, { seed: false });
  });
  afterAll(() => h?.close());

  const invalid = {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message: 'Token is invalid or expired' }],
  };

  it('accepts a valid access token', async () => {
    await request(h.api.url)
      .get('/auth/me')
      .set({ Authorization: `Bearer ${await h.issuer.sign({ sub: 'ok' })}` })
      .expect(200);
  });

  it.each([
    ['expired', () => h.issuer.expired()],
    ['tampered', () => h.issuer.tampered()],
    ['alg none', () => h.issuer.algNone()],
    ['wrong key', () => h.issuer.wrongKey()],
    ['refresh as access', () => h.issuer.refresh()],
    // Issue #38: a token says who issued it and whom it is for; the rating service takes only its own.
    ['without an audience', () => h.issuer.sign({ claims: { aud: undefined } })],
    ['for the auth service only', () => h.issuer.sign({ claims: { aud: 'pupitre-auth' } })],
    ['for another service', () => h.issuer.sign({ claims: { aud: ['pupitre-billing'] } })],
    ['without an issuer', () => h.issuer.sign({ claims: { iss: undefined } })],
    ['from another issuer', () => h.issuer.sign({ claims: { iss: 'https://accounts.example.org' } })],
  ])('answers 401 token_not_valid to a %s token', async (_, token) => {
    await request(h.api.url)
      .get('/auth/me')
      .set({ Authorization: `Bearer ${await token()}` })
      .expect(401, invalid);
  });

  it('answers 401 "not provided" without credentials, and for another scheme', async () => {
    await request(h.api.url).get('/auth/me').expect(401, { detail: 'Authentication credentials were not provided.' });
    await request(h.api.url)
      .get('/auth/me')
      .set({ Authorization: 'Basic dXNlcjpwYXNz' })
      .expect(401, { detail: 'Authentication credentials were not provided.' });
    await request(h.api.url).get('/auth/me').set({ Authorization: 'Bearer' }).expect(401);
  });

  it('follows a key rotation of the auth service', async () => {
    await h.issuer.rotate(true);
    await request(h.api.url)
      .get('/auth/me')
      .set({ Authorization: `Bearer ${await h.issuer.sign({ sub: 'rotated' })}` })
      .expect(200);
  });

  it('requires the admin role on admin routes (403) and accepts it', async () => {
    await request(h.api.url)
      .get('/api/admin/subjects')
      .set({ Authorization: `Bearer ${await h.issuer.sign()}` })
      .expect(403);
    await request(h.api.url)
      .get('/api/admin/subjects')
      .set({ Authorization: `Bearer ${await h.issuer.sign({ roles: ['admin'] })}` })
      .expect(200);
  });

  // Issue #38 item 3: a staff session opened without the second factor moderates nothing.
  it.each([
    ['moderator', '/api/moderation/queue'],
    ['admin', '/api/moderation/queue'],
    ['admin', '/api/admin/subjects'],
  ] as const)('answers 403 second-factor-required to a %s session without the second factor on %s', async (role, path) => {
    const without = await h.issuer.sign({ roles: ['user', role], claims: { amr: undefined } });
    const res = await request(h.api.url)
      .get(path)
      .set({ Authorization: `Bearer ${without}` })
      .expect(403);
    expect(res.body.error).toBe('second-factor-required');
    const withIt = await h.issuer.sign({ roles: ['user', role], claims: { amr: ['mfa', 'otp'] } });
    await request(h.api.url)
      .get(path)
      .set({ Authorization: `Bearer ${withIt}` })
      .expect(200);
  });

  it('serves a member without the second factor as before', async () => {
    await request(h.api.url)
      .get('/auth/me')
      .set({ Authorization: `Bearer ${await h.issuer.sign({ roles: ['user'] })}` })
      .expect(200);
  });
});
