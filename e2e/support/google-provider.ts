// A local Google-type OAuth 2 provider (oauth2-mock-server) for the Google sign-in journey. It
// approves /authorize at once and answers /userinfo with a Google-shaped, verified profile; the
// auth service is pointed at it through its GOOGLE_* variables (see docs/services/environment.md).
import { OAuth2Server } from 'oauth2-mock-server';

export const GOOGLE_E2E_EMAIL = 'google.user@example.com';

export interface GoogleProvider {
  url: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}

export async function startGoogleProvider(): Promise<GoogleProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!.replace('localhost', '127.0.0.1');
  server.service.on('beforeUserinfo', (response: { body: unknown }) => {
    response.body = { sub: 'google-e2e-1', email: GOOGLE_E2E_EMAIL, email_verified: true, name: 'Google User', locale: 'en' };
  });
  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: 'pupitre-e2e',
      GOOGLE_CLIENT_SECRET: 'pupitre-e2e-secret',
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    stop: () => server.stop(),
  };
}
