import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { ACCESS_TOKEN_AUDIENCE, JWT_ISSUER, SECOND_FACTOR_AMR, TOKEN_AUDIENCES } from '@pupitre/contracts';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

type Role = 'user' | 'admin' | 'moderator' | 'teacher';
type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

interface SigningKey {
  kid: string;
  privateKey: PrivateKey;
  publicJwk: JWK;
}

export interface SignOptions {
  sub?: string;
  roles?: Role[];
  /** Lifetime in seconds (default 300); negative gives an already expired token. */
  expiresIn?: number;
  /** Extra or overriding claims. */
  claims?: Record<string, unknown>;
}

export interface TestTokenIssuer {
  /** `http://127.0.0.1:<port>/auth/.well-known/jwks.json` (the contract's JWKS path). */
  jwksUrl: string;
  /** How many times the JWKS was fetched (to prove caching and the refetch on an unknown kid). */
  readonly jwksRequests: number;
  /** A valid ES256 access token with the contract's claims (sub, token_type, jti, iat, exp, roles). */
  sign(options?: SignOptions): Promise<string>;
  /** Variants that a verifier must reject. */
  expired(options?: SignOptions): Promise<string>;
  tampered(options?: SignOptions): Promise<string>;
  algNone(options?: SignOptions): Promise<string>;
  /** Signed by a key the JWKS does not publish (with a kid it does publish). */
  wrongKey(options?: SignOptions): Promise<string>;
  /** A correctly signed refresh token (`token_type: "refresh"`). */
  refresh(options?: SignOptions): Promise<string>;
  /** Publishes a new key (new kid) and signs with it from now on; the old key stays published unless `dropOld`. */
  rotate(dropOld?: boolean): Promise<void>;
  close(): Promise<void>;
}

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A stand-in for the auth service in tests: an ES256 key pair whose JWKS is served on a free
 * loopback port, and access tokens signed with the claims of libs/contracts/src/tokens.ts. Start it
 * in `beforeAll`, give its `jwksUrl` to the service as AUTH_JWKS_URL, `close()` it in `afterAll`.
 */
export async function startTokenIssuer(): Promise<TestTokenIssuer> {
  let keys: SigningKey[] = [await newKey()];
  const stranger = await newKey();
  let jwksRequests = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/auth/.well-known/jwks.json') {
      jwksRequests += 1;
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: keys.map((k) => k.publicJwk) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const current = () => keys[keys.length - 1];

  const claimsOf = (o: SignOptions, tokenType: string) => {
    const now = Math.floor(Date.now() / 1000);
    return {
      sub: o.sub ?? `user-${randomUUID()}`,
      token_type: tokenType,
      jti: randomUUID().replaceAll('-', ''),
      iat: now,
      exp: now + (o.expiresIn ?? 300),
      roles: o.roles ?? ['user'],
      // As the auth service signs them (JWT_ISSUER, ACCESS_TOKEN_AUDIENCE of @pupitre/contracts): a test drops or overrides them in `claims`.
      iss: JWT_ISSUER,
      aud: tokenType === 'access' ? ACCESS_TOKEN_AUDIENCE : [TOKEN_AUDIENCES.refresh],
      // A staff session is opened with the second factor (ADR 0013): `claims: { amr: undefined }` signs one without.
      ...(tokenType === 'access' && (o.roles ?? []).some((r) => r === 'admin' || r === 'moderator') ? { amr: [...SECOND_FACTOR_AMR] } : {}),
      ...o.claims,
    };
  };
  const signWith = (key: SigningKey, claims: Record<string, unknown>, kid = key.kid) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key.privateKey);

  return {
    jwksUrl: `http://127.0.0.1:${port}/auth/.well-known/jwks.json`,
    get jwksRequests() {
      return jwksRequests;
    },
    sign: (o = {}) => signWith(current(), claimsOf(o, 'access')),
    expired: (o = {}) =>
      signWith(current(), { ...claimsOf(o, 'access'), iat: Math.floor(Date.now() / 1000) - 600, exp: Math.floor(Date.now() / 1000) - 300 }),
    tampered: async (o = {}) => {
      const [header, , signature] = (await signWith(current(), claimsOf(o, 'access'))).split('.');
      return `${header}.${b64url({ ...claimsOf(o, 'access'), roles: ['admin'] })}.${signature}`;
    },
    algNone: async (o = {}) => `${b64url({ alg: 'none', typ: 'JWT', kid: current().kid })}.${b64url(claimsOf(o, 'access'))}.`,
    wrongKey: (o = {}) => signWith(stranger, claimsOf(o, 'access'), current().kid),
    refresh: (o = {}) => signWith(current(), claimsOf({ expiresIn: 86_400, ...o }, 'refresh')),
    rotate: async (dropOld = false) => {
      const next = await newKey();
      keys = dropOld ? [next] : [...keys, next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
