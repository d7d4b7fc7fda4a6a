import { generate } from 'otplib';
import { enrolmentOf, hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes, newSecret, stepOfCode } from './totp';

describe('TOTP helpers', () => {
  const secret = newSecret();
  const at = Date.UTC(2026, 0, 1, 12, 0, 10); // 10 s into a step
  const step = Math.floor(at / 30_000);
  const codeAt = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

  it('takes the code of the current step and of one step either side, and names the step', async () => {
    expect(await stepOfCode(secret, await codeAt(at), at)).toBe(step);
    expect(await stepOfCode(secret, await codeAt(at - 30_000), at)).toBe(step - 1);
    expect(await stepOfCode(secret, await codeAt(at + 30_000), at)).toBe(step + 1);
    const spaced = (await codeAt(at)).replace(/^(\d{3})/, '$1 ');
    expect(await stepOfCode(secret, spaced, at)).toBe(step);
  });

  it('refuses older and later steps, other secrets and anything that is not 6 digits', async () => {
    expect(await stepOfCode(secret, await codeAt(at - 90_000), at)).toBeNull();
    expect(await stepOfCode(secret, await codeAt(at + 90_000), at)).toBeNull();
    expect(await stepOfCode(newSecret(), await codeAt(at), at)).toBeNull();
    for (const typed of ['', '12345', '1234567', 'abcdef', 123456, null, undefined, { code: '123456' }])
      expect(await stepOfCode(secret, typed, at)).toBeNull();
  });

  it('makes 10 distinct recovery codes, hashed with the salt, read whatever the case, spaces and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const [code] = codes;
    expect(hashRecoveryCode('salt', code)).toBe(hashRecoveryCode('salt', ` ${code.toUpperCase().replace('-', ' ')} `));
    expect(hashRecoveryCode('salt', code)).not.toBe(hashRecoveryCode('other', code));
    expect(looksLikeRecoveryCode(code)).toBe(true);
    expect(looksLikeRecoveryCode('short')).toBe(false);
    expect(looksLikeRecoveryCode(42)).toBe(false);
  });

  it('answers an otpauth:// URL and its QR code as an SVG data URL', () => {
    const enrolment = enrolmentOf('JBSWY3DPEHPK3PXP', 'a@b.co');
    expect(enrolment.otpauth_url).toBe('otpauth://totp/Pupitre:a%40b.co?secret=JBSWY3DPEHPK3PXP&issuer=Pupitre');
    expect(Buffer.from(enrolment.qr_svg.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString()).toMatch(/^<svg [^>]*viewBox/);
  });
});
