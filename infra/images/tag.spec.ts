import { isDirty, tagFor, validTag } from './tag.mjs';

describe('image tags', () => {
  it('is the first 12 hex digits of the commit, -dirty when the tree has changes', () => {
    expect(tagFor({ commit: '27bd95d0123456789abcdef0123456789abcdef0', dirty: false })).toBe('27bd95d01234');
    expect(tagFor({ commit: '27bd95d0123456789abcdef0123456789abcdef0', dirty: true })).toBe('27bd95d01234-dirty');
  });
  it('refuses what is not a commit', () => {
    expect(() => tagFor({ commit: 'main', dirty: false })).toThrow('not a git commit');
  });
  it('reads git status: any line is a change', () => {
    expect(isDirty('')).toBe(false);
    expect(isDirty('\n')).toBe(false);
    expect(isDirty(' M infra/docker/static.Dockerfile\n')).toBe(true);
    expect(isDirty('?? notes.txt\n')).toBe(true);
  });
  it('accepts OCI tags given by hand and says what is wrong with others', () => {
    expect(validTag('1.4.0')).toBe('1.4.0');
    expect(validTag('release_2026-11')).toBe('release_2026-11');
    expect(() => validTag('-1')).toThrow("letters, digits, '_', '.' and '-'");
    expect(() => validTag('a/b')).toThrow('not a valid image tag');
    expect(() => validTag('x'.repeat(129))).toThrow('at most 128');
  });
});
