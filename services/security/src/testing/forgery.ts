// Authorization headers an attacker can build from a real session (its access and refresh tokens,
// the published JWKS), and the ones only a holder of the signing key could build (expired tokens,
// tokens for a user who is not, or no longer, an account). None must open a Bearer endpoint.
import { generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader, type JWTPayload } from 'jose';
import { request } from '@pupitre/server-kit/testing';
import { JWKS_PATH } from '@pupitre/contracts';
import { randomBytes } from 'node:crypto';
import { type Account, type World } from './world';

export interface Forgery {
  name: string;
  /** The whole Authorization header; undefined: none sent. */
  header?: string;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const flip = (s: string) => s.slice(0, -4) + [...s.slice(-4)].reverse().join('') + (s.endsWith('A') ? 'B' : 'A');

/** What anyone holding one real session and the public keys can send. */
export async function forgeriesFrom(world: World, victim: Account): Promise<Forgery[]> {
  const [head, body, signature] = victim.access.split('.');
  const claims = decodeJwt(victim.access);
  const { kid } = decodeProtectedHeader(victim.access);
  const stranger = (await generateKeyPair('ES256')).privateKey;
  const jwk = (await request(world.url).get(JWKS_PATH).expect(200)).body.keys[0];
  const signWith = (key: Parameters<SignJWT['sign']>[0], alg: string, payload: JWTPayload = claims) =>
    new SignJWT(payload).setProtectedHeader({ alg, kid: kid as string, typ: 'JWT' }).sign(key);
  return [
    { name: 'no Authorization header' },
    { name: 'an empty header', header: '' },
    { name: 'Bearer without a token', header: 'Bearer' },
    { name: 'Bearer with two tokens', header: `Bearer ${victim.access} ${victim.access}` },
    { name: 'another scheme (Basic)', header: `Basic ${Buffer.from(`${victim.email}:${victim.password}`).toString('base64')}` },
    { name: 'the token without a scheme', header: victim.access },
    { name: 'the token after "Token"', header: `Token ${victim.access}` },
    { name: 'not a JWT', header: 'Bearer not-a-token' },
    { name: 'a JWT of two parts', header: `Bearer ${head}.${body}` },
    { name: 'an enormous token', header: `Bearer ${'A'.repeat(6000)}.${'B'.repeat(2000)}.${'C'.repeat(100)}` },
    { name: 'a tampered signature', header: `Bearer ${head}.${body}.${flip(signature)}` },
    {
      name: 'tampered claims (admin role) under the real signature',
      header: `Bearer ${head}.${b64({ ...claims, roles: ['user', 'admin'] })}.${signature}`,
    },
    {
      name: 'another user under the real signature',
      header: `Bearer ${head}.${b64({ ...claims, sub: randomBytes(12).toString('hex') })}.${signature}`,
    },
    { name: 'alg none', header: `Bearer ${b64({ alg: 'none', typ: 'JWT', kid })}.${body}.` },
    { name: 'alg none, upper case', header: `Bearer ${b64({ alg: 'NONE', typ: 'JWT' })}.${b64({ ...claims, roles: ['user', 'admin'] })}.` },
    { name: 'signed by another key under the published kid', header: `Bearer ${await signWith(stranger, 'ES256')}` },
    {
      name: 'HS256 keyed with the published public key',
      header: `Bearer ${await signWith(new TextEncoder().encode(JSON.stringify(jwk)), 'HS256')}`,
    },
    { name: 'the refresh token as an access token', header: `Bearer ${victim.refresh}` },
  ];
}

/** A token the auth service's own key signs: `claims` over those of `victim`'s access token. */
export async function signedByAuth(world: World, victim: Account, claims: JWTPayload): Promise<string> {
  const { kid, key } = world.signingKey;
  return new SignJWT({ ...decodeJwt(victim.access), ...claims }).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);
}
