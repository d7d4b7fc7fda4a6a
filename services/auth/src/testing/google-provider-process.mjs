// A local Google-type OAuth2 provider for the integration tests (oauth2-mock-server is ESM-only,
// so it runs in its own Node process). It approves /authorize automatically. Prints one JSON line
// `{"url": "http://localhost:PORT"}` when ready; each JSON line on stdin `{"profile": {...}}` sets
// the userinfo answer (a Google-shaped profile: sub, email, email_verified, name, locale).
import { createInterface } from 'node:readline';
import { OAuth2Server } from 'oauth2-mock-server';

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
let profile = { sub: '0', email: 'nobody@example.org', email_verified: true };
server.service.on('beforeUserinfo', (response) => {
  response.body = profile;
});
await server.start(0, '127.0.0.1');
const { port } = server.address();
process.stdout.write(`${JSON.stringify({ url: `http://localhost:${port}` })}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const message = JSON.parse(line);
  if (message.profile) profile = message.profile;
  process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
});
process.stdin.on('end', () => void server.stop().then(() => process.exit(0)));
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
