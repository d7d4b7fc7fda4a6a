// What the password hash keeps of a password (ASVS 2.1.2–2.1.4, 2.4.2): all of it, whatever its
// length or its characters, under a salt of its own.
import { PasswordHasher, parsePhc } from './password-hasher';
import { passwordProblems } from './password-rules';

const hasher = new PasswordHasher({ logN: 4, r: 8, p: 1 });

describe('PasswordHasher', () => {
  it('keeps a 128-character password whole: changed at its end, or cut at 64 or 72, it fails', async () => {
    const password = 'correct horse battery staple '.repeat(5).slice(0, 127) + 'x';
    const stored = await hasher.hash(password);
    expect(await hasher.verify(password, stored)).toBe(true);
    expect(await hasher.verify(password.slice(0, -1) + 'y', stored)).toBe(false);
    expect(await hasher.verify(password.slice(0, 72), stored)).toBe(false);
    expect(await hasher.verify(password.slice(0, 64), stored)).toBe(false);
  });

  it('takes any Unicode, emoji and spaces included, and the rules refuse none of it', async () => {
    const password = 'Ünïcødé ✓ 🦊🔑 пароль 密码 كلمة';
    expect(passwordProblems(password, 'someone@example.org')).toEqual([]);
    const stored = await hasher.hash(password);
    expect(await hasher.verify(password, stored)).toBe(true);
    expect(await hasher.verify(password.replace('🦊', '🐺'), stored)).toBe(false);
  });

  it('salts each hash with 16 random bytes: one password hashes twice to different strings', async () => {
    const [a, b] = [await hasher.hash('the same password'), await hasher.hash('the same password')];
    expect(a).not.toBe(b);
    expect(parsePhc(a)!.salt).toHaveLength(16);
    expect(parsePhc(a)!.salt.equals(parsePhc(b)!.salt)).toBe(false);
  });
});
