import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// The TOTP secrets at rest (ADR 0013): AES-256-GCM under a key of SECOND_FACTOR_KEYS, a random
// 96-bit IV per secret, the account id as additional authenticated data (a value copied to another
// account does not open), stored as `v1:<key id>:<iv>:<ciphertext and tag>` (base64url). The first
// key seals, every key listed opens what it sealed (rotation). A value without the `v1:` prefix is
// a secret stored before encryption (plain base32): it is read as it is, and sealed again on its
// next use (SecondFactors).

/** A key of SECOND_FACTOR_KEYS: its id (stored beside each value it sealed) and 32 bytes. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_.-]{1,32}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
/** A secret stored before encryption: otplib's base32. */
const LEGACY_SECRET = /^[A-Z2-7]+=*$/;

/**
 * The key used when SECOND_FACTOR_KEYS is not set, outside production only (production refuses to
 * start without the variable, and refuses this key in it): "development-only-pupitre-2fa-key",
 * published here, so it protects nothing. A fixed key rather than a random one per process: a
 * development database stays readable across restarts, and development runs production's code.
 */
export const DEVELOPMENT_SECOND_FACTOR_KEYS = 'dev:ZGV2ZWxvcG1lbnQtb25seS1wdXBpdHJlLTJmYS1rZXk=';

/**
 * Parses SECOND_FACTOR_KEYS: `<id>:<key>` items separated by commas, newest first; an id is 1 to 32
 * letters, digits, `_`, `.` or `-`, each id once; a key is 32 bytes in base64 or base64url
 * (`openssl rand -base64 32`). Returns the keys, or what is wrong (never echoing key material).
 */
export function parseSecretKeys(text: string): SecretKey[] | string {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!items.length) return 'no key';
  const keys: SecretKey[] = [];
  for (const [i, item] of items.entries()) {
    const colon = item.indexOf(':');
    const id = colon > 0 ? item.slice(0, colon) : '';
    const material = colon > 0 ? item.slice(colon + 1) : '';
    if (!KEY_ID.test(id)) return `item ${i} has no id (1 to 32 letters, digits, _ . or - before the ":")`;
    if (keys.some((k) => k.id === id)) return `id ${JSON.stringify(id)} appears twice`;
    const key = BASE64.test(material) ? Buffer.from(material, 'base64') : Buffer.alloc(0);
    if (key.length !== KEY_BYTES) return `key ${JSON.stringify(id)} is not ${KEY_BYTES} bytes in base64 (openssl rand -base64 32)`;
    keys.push({ id, key });
  }
  return keys;
}

/** A stored secret that cannot be opened: its key is not listed, or the value was altered or belongs to another account. */
export class SecretBoxError extends Error {}

export class SecretBox {
  private readonly keys: readonly SecretKey[];

  /** `keys`: newest first, as SECOND_FACTOR_KEYS lists them; the first seals. */
  constructor(keys: readonly SecretKey[]) {
    if (!keys.length) throw new Error('SecretBox needs a key');
    this.keys = keys;
  }

  /** The box of SECOND_FACTOR_KEYS, or of the development key when it is not set. */
  static of(keys: readonly SecretKey[] | undefined): SecretBox {
    return new SecretBox(keys ?? (parseSecretKeys(DEVELOPMENT_SECOND_FACTOR_KEYS) as SecretKey[]));
  }

  /** The secret of account `accountId`, sealed with the newest key. */
  seal(secret: string, accountId: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(accountId));
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}:${id}:${iv.toString('base64url')}:${sealed.toString('base64url')}`;
  }

  /** The secret a stored value holds (a legacy plain secret as it is); throws SecretBoxError when it cannot be opened. */
  open(stored: string, accountId: string): string {
    if (!stored.startsWith(`${VERSION}:`)) {
      if (LEGACY_SECRET.test(stored)) return stored;
      throw new SecretBoxError('the stored second-factor secret is in no known format');
    }
    const [, id, ivText, sealedText, ...rest] = stored.split(':');
    const iv = Buffer.from(ivText ?? '', 'base64url');
    const sealed = Buffer.from(sealedText ?? '', 'base64url');
    if (rest.length || iv.length !== IV_BYTES || sealed.length <= TAG_BYTES)
      throw new SecretBoxError('the stored second-factor secret is malformed');
    const key = this.keys.find((k) => k.id === id)?.key;
    if (!key) throw new SecretBoxError(`the second-factor secret is sealed with key ${JSON.stringify(id)}, absent from SECOND_FACTOR_KEYS`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(accountId));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError(`the second-factor secret does not open with key ${JSON.stringify(id)} for this account`);
    }
  }

  /** The id of the newest key, the one that seals. */
  get currentKeyId(): string {
    return this.keys[0].id;
  }

  /** Whether a stored value is sealed with the newest key (else it is sealed again on its next use: legacy, rotation). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${VERSION}:${this.keys[0].id}:`);
  }

  /** Whether one of these keys is the development key (production refuses it). */
  static includesDevelopmentKey(keys: readonly SecretKey[]): boolean {
    const dev = (parseSecretKeys(DEVELOPMENT_SECOND_FACTOR_KEYS) as SecretKey[])[0].key;
    return keys.some((k) => k.key.equals(dev));
  }
}

const aad = (accountId: string): Buffer => Buffer.from(`pupitre second factor\n${accountId}`, 'utf8');
