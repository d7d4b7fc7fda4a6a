import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt parameters stored with each hash, so they can be raised later (hashes upgrade at login). */
export interface ScryptParams {
  logN: number;
  r: number;
  p: number;
}

const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

const options = ({ logN, r, p }: ScryptParams): ScryptOptions => ({ N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r + 1024 * 1024 });

/**
 * Password hashing with scrypt (memory-hard, node:crypto), a random per-user salt, stored in the
 * PHC string format `$scrypt$ln=15,r=8,p=1$<salt b64>$<hash b64>`.
 */
export class PasswordHasher {
  private dummy?: Promise<string>;

  constructor(readonly params: ScryptParams) {}

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await scrypt(password, salt, KEY_LENGTH, options(this.params));
    const { logN, r, p } = this.params;
    return `$scrypt$ln=${logN},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /** True when `password` matches `stored`; false for any malformed or missing hash. */
  async verify(password: string, stored: string | null | undefined): Promise<boolean> {
    const parsed = stored ? parsePhc(stored) : undefined;
    if (!parsed) return false;
    const key = await scrypt(password, parsed.salt, parsed.hash.length, options(parsed.params));
    return timingSafeEqual(key, parsed.hash);
  }

  /**
   * Spends the same time as a real check, for unknown e-mails or password-less accounts, so the
   * answer's timing does not tell whether an account exists.
   */
  async burn(password: string): Promise<false> {
    this.dummy ??= this.hash('dummy password, never matches');
    await this.verify(password, await this.dummy);
    return false;
  }

  /** True when a stored hash uses weaker parameters than the current ones. */
  needsRehash(stored: string): boolean {
    const parsed = parsePhc(stored);
    if (!parsed) return true;
    const { logN, r, p } = parsed.params;
    return logN < this.params.logN || r < this.params.r || p < this.params.p;
  }
}

export function parsePhc(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | undefined {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (!match) return undefined;
  const params = { logN: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (params.logN < 1 || params.logN > 22 || params.r < 1 || params.p < 1) return undefined;
  return { params, salt: Buffer.from(match[4], 'base64'), hash: Buffer.from(match[5], 'base64') };
}
