import { type JWK } from 'jose';

/** A private EC P-256 key as a JWK, with its `kid`. */
export interface PrivateJwk extends JWK {
  kty: 'EC';
  crv: 'P-256';
  kid: string;
  x: string;
  y: string;
  d: string;
}

/**
 * Parses `JWT_PRIVATE_KEYS`: a JSON array of private EC P-256 JWKs, each with a distinct `kid`.
 * Returns the keys, or a short description of the problem (never echoing key material).
 */
export function parsePrivateJwks(text: string): PrivateJwk[] | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  if (!Array.isArray(value) || value.length === 0) return 'not a non-empty array';
  const kids = new Set<string>();
  for (const [i, key] of value.entries()) {
    if (!key || typeof key !== 'object') return `item ${i} is not an object`;
    const k = key as Record<string, unknown>;
    if (k.kty !== 'EC' || k.crv !== 'P-256') return `item ${i} is not an EC P-256 key`;
    for (const field of ['x', 'y', 'd', 'kid'] as const) {
      if (typeof k[field] !== 'string' || !(k[field] as string).length) return `item ${i} has no ${field}`;
    }
    if (kids.has(k.kid as string)) return `kid ${JSON.stringify(k.kid)} appears twice`;
    kids.add(k.kid as string);
  }
  return value as PrivateJwk[];
}

/** The public half of a private JWK, as published in the JWKS. */
export function publicJwk(key: PrivateJwk): JWK {
  return { kty: key.kty, crv: key.crv, x: key.x, y: key.y, kid: key.kid, alg: 'ES256', use: 'sig' };
}
