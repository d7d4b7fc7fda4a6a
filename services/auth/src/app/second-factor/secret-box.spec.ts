import { randomBytes } from 'node:crypto';
import { DEVELOPMENT_SECOND_FACTOR_KEYS, parseSecretKeys, SecretBox, SecretBoxError, type SecretKey } from './secret-box';
import { newSecret } from './totp';

const keyText = () => randomBytes(32).toString('base64');
const keys = (text: string): SecretKey[] => {
  const parsed = parseSecretKeys(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
};

describe('SecretBox', () => {
  const old = `old:${keyText()}`;
  const current = `k2:${keyText()}`;
  const box = new SecretBox(keys(current));
  const secret = newSecret();

  it('seals as v1:<key id>:<iv>:<ciphertext> and opens the same secret, a fresh IV each time', () => {
    const sealed = box.seal(secret, 'account-1');
    expect(sealed).toMatch(/^v1:k2:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, 'account-1')).toBe(secret);
    expect(box.seal(secret, 'account-1')).not.toBe(sealed);
    expect(box.isCurrent(sealed)).toBe(true);
  });

  it('does not open a value for another account (the account id is authenticated)', () => {
    const sealed = box.seal(secret, 'account-1');
    expect(() => box.open(sealed, 'account-2')).toThrow(SecretBoxError);
  });

  it('does not open with another key of the same id, nor an altered value', () => {
    const sealed = box.seal(secret, 'account-1');
    expect(() => new SecretBox(keys(`k2:${keyText()}`)).open(sealed, 'account-1')).toThrow(/does not open with key "k2"/);
    const [v, id, iv, body] = sealed.split(':');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => box.open([v, id, iv, flipped.toString('base64url')].join(':'), 'account-1')).toThrow(SecretBoxError);
    expect(() => box.open(`${v}:${id}:${iv}`, 'account-1')).toThrow(/malformed/);
  });

  it('names a key id it does not hold', () => {
    const sealed = new SecretBox(keys(old)).seal(secret, 'account-1');
    expect(() => box.open(sealed, 'account-1')).toThrow(
      new SecretBoxError('the second-factor secret is sealed with key "old", absent from SECOND_FACTOR_KEYS'),
    );
  });

  it('rotates: the newest key seals, an older one listed still opens what it sealed', () => {
    const before = new SecretBox(keys(old)).seal(secret, 'account-1');
    const rotated = new SecretBox(keys(`${current},${old}`));
    expect(rotated.open(before, 'account-1')).toBe(secret);
    expect(rotated.isCurrent(before)).toBe(false);
    expect(rotated.seal(secret, 'account-1')).toMatch(/^v1:k2:/);
  });

  it('reads a secret stored before encryption (plain base32) as it is, and nothing else unsealed', () => {
    expect(box.open(secret, 'account-1')).toBe(secret);
    expect(box.isCurrent(secret)).toBe(false);
    expect(() => box.open('not a secret', 'account-1')).toThrow(/no known format/);
  });

  it('has a development key that works and is recognised', () => {
    const dev = SecretBox.of(undefined);
    expect(dev.open(dev.seal(secret, 'a'), 'a')).toBe(secret);
    expect(dev.seal(secret, 'a')).toMatch(/^v1:dev:/);
    expect(SecretBox.includesDevelopmentKey(keys(DEVELOPMENT_SECOND_FACTOR_KEYS))).toBe(true);
    expect(SecretBox.includesDevelopmentKey(keys(current))).toBe(false);
  });
});

describe('parseSecretKeys', () => {
  it('reads <id>:<32 bytes base64 or base64url>, comma-separated, newest first', () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    expect(parseSecretKeys(`2026-11:${a.toString('base64')}, 2026_05:${b.toString('base64url')}`)).toEqual([
      { id: '2026-11', key: a },
      { id: '2026_05', key: b },
    ]);
  });

  it('says what is wrong without echoing key material', () => {
    const material = randomBytes(16).toString('base64');
    const problems = [
      parseSecretKeys(''),
      parseSecretKeys(keyText()),
      parseSecretKeys(`a:${material}`),
      parseSecretKeys(`a:${keyText()},a:${keyText()}`),
      parseSecretKeys(`a:${'!'.repeat(44)}`),
      parseSecretKeys(`a:b:${keyText()}`),
    ];
    expect(problems).toEqual([
      'no key',
      'item 0 has no id (1 to 32 letters, digits, _ . or - before the ":")',
      'key "a" is not 32 bytes in base64 (openssl rand -base64 32)',
      'id "a" appears twice',
      'key "a" is not 32 bytes in base64 (openssl rand -base64 32)',
      'key "a" is not 32 bytes in base64 (openssl rand -base64 32)',
    ]);
    expect(problems.join()).not.toContain(material);
  });
});
