import { reviewOid, teacherOid } from './keys';

describe('document keys', () => {
  it('derives a stable ObjectId per review and per teacher id, distinct between the two', () => {
    expect(reviewOid(42).equals(reviewOid(42))).toBe(true);
    expect(reviewOid(42).toHexString()).toBe('01000000000000000000002a');
    expect(teacherOid(42).toHexString()).toBe('02000000000000000000002a');
    expect(reviewOid(Number.MAX_SAFE_INTEGER).toHexString()).toHaveLength(24);
    expect(new Set([1, 2, 3, 256, 4096].map((n) => reviewOid(n).toHexString())).size).toBe(5);
  });

  it('refuses what is not a document id', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 60]) expect(() => reviewOid(bad)).toThrow('not a document id');
  });
});
