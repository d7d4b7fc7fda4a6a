// A local Google-type OAuth2 provider for the integration tests (oauth2-mock-server is ESM-only,
// so it runs in its own Node process). It approves /authorize automatically. Prints one JSON line
// `{"url": "http://localhost:PORT"}` when ready; each JSON line on stdin `{"profile": {...}}` sets
// the userinfo answer (a Google-shaped profile: sub, email, email_verified, name, locale) and is
// answered `{"ok": true}`; `{"lastExchange": true}` is answered with the PKCE parameters of the last
// authorization and token requests. Like Google, a code issued with a `code_challenge` is only
// exchanged with its `code_verifier` (oauth2-mock-server alone checks a verifier only when sent).
import { createInterface } from 'node:readline';
import { OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
let profile = { sub: '0', email: 'nobody@example.org', email_verified: true };
/** code → its challenge, and what the last requests carried. */
const challenged = new Map();
let lastExchange = { codeChallenge: null, codeChallengeMethod: null, codeVerifier: null };
server.service.on('beforeUserinfo', (response) => {
  response.body = profile;
});
server.service.on('beforeAuthorizeRedirect', (redirect, req) => {
  const code = redirect.url.searchParams.get('code');
  const { code_challenge: codeChallenge = null, code_challenge_method: codeChallengeMethod = null } = req.query;
  if (code && codeChallenge) challenged.set(code, codeChallenge);
  lastExchange = { codeChallenge, codeChallengeMethod, codeVerifier: null };
});
server.service.on('beforeResponse', (response, req) => {
  const { code, code_verifier: codeVerifier = null } = req.body ?? {};
  lastExchange = { ...lastExchange, codeVerifier };
  if (code && challenged.has(code) && !codeVerifier) {
    response.statusCode = 400;
    response.body = { error: 'invalid_grant', error_description: 'code_verifier required' };
  }
  challenged.delete(code);
});
await server.start(0, '127.0.0.1');
const { port } = server.address();
process.stdout.write(`${JSON.stringify({ url: `http://localhost:${port}` })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.profile) profile = message.profile;
  process.stdout.write(`${JSON.stringify(message.lastExchange ? lastExchange : { ok: true })}\n`);
});
process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
