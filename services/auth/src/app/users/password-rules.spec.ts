import { isCommonPassword, isTooSimilarToEmail, PASSWORD_MESSAGES, passwordProblems, quickRatio } from './password-rules';

describe('password rules', () => {
  it('accepts a decent password', () => {
    expect(passwordProblems('Cahier-de-textes-42', 'eleve@example.org')).toEqual([]);
  });

  it('refuses short, common and numeric passwords with Django messages, in Django order', () => {
    expect(passwordProblems('1234567', 'a@b.fr')).toEqual([
      PASSWORD_MESSAGES.tooShort,
      PASSWORD_MESSAGES.tooCommon,
      PASSWORD_MESSAGES.numeric,
    ]);
    expect(passwordProblems('1qaz2wsx3edc', 'a@b.fr')).toEqual([PASSWORD_MESSAGES.tooCommon]);
    expect(passwordProblems('846291735501', 'a@b.fr')).toEqual([PASSWORD_MESSAGES.numeric]);
    expect(passwordProblems('abc', 'a@b.fr')).toEqual([PASSWORD_MESSAGES.tooShort]);
  });

  it('knows about 20,000 common passwords, case-insensitively', () => {
    expect(isCommonPassword('Qwerty123')).toBe(true);
    expect(isCommonPassword('sunshine')).toBe(true);
    expect(isCommonPassword('Cahier-de-textes-42')).toBe(false);
  });

  it('refuses passwords too similar to the e-mail or its parts', () => {
    expect(isTooSimilarToEmail('marie.dupont', 'marie.dupont@lycee.fr')).toBe(true);
    expect(isTooSimilarToEmail('dupont12', 'marie.dupont@lycee.fr')).toBe(true);
    expect(passwordProblems('Marie.Dupont@lycee.fr', 'marie.dupont@lycee.fr')).toEqual([PASSWORD_MESSAGES.tooSimilar]);
    expect(isTooSimilarToEmail('Cahier-de-textes-42', 'marie.dupont@lycee.fr')).toBe(false);
  });

  it('computes quick_ratio like Python', () => {
    expect(quickRatio('abcd', 'bcde')).toBeCloseTo(0.75);
    expect(quickRatio('', '')).toBe(1);
  });
});

describe('the minimum length of a new password (issue #38)', () => {
  it('is 12: eleven characters are refused, twelve accepted', () => {
    expect(passwordProblems('Cahier-de-12', 'a@b.fr')).toEqual([]);
    expect(passwordProblems('Cahier-de-1', 'a@b.fr')).toEqual([PASSWORD_MESSAGES.tooShort]);
  });
});
