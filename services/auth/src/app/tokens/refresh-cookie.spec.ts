import { type AuthConfig } from '../../config/auth-config';
import { RefreshCookie } from './refresh-cookie';

const config = (over: Partial<AuthConfig>) => ({ NODE_ENV: 'development', PUBLIC_URL: 'http://127.0.0.1:8080', ...over }) as AuthConfig;
const attributesOf = (cookie: RefreshCookie) => {
  const res = { cookie: jest.fn(), setHeader: jest.fn() };
  const pair = {
    access: 'a',
    refresh: `x.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.y`,
  };
  cookie.deliver(res as never, pair);
  return res.cookie.mock.calls[0][2] as Record<string, unknown>;
};

test('Secure outside local development: over HTTPS, and always in production', () => {
  expect(attributesOf(new RefreshCookie(config({})))).toMatchObject({
    secure: false,
    httpOnly: true,
    sameSite: 'strict',
    path: '/auth/token/',
  });
  expect(attributesOf(new RefreshCookie(config({ PUBLIC_URL: 'https://pupitre.example' })))).toMatchObject({ secure: true });
  expect(attributesOf(new RefreshCookie(config({ NODE_ENV: 'production' })))).toMatchObject({ secure: true });
});

test('the cookie lives as long as the refresh token it holds', () => {
  const maxAge = attributesOf(new RefreshCookie(config({}))).maxAge as number;
  expect(maxAge).toBeGreaterThan(58_000);
  expect(maxAge).toBeLessThanOrEqual(60_000);
});
