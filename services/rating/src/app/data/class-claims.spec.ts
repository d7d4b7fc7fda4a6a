import { classKey, ClassClaims } from './class-claims';

// What the database decides (the unique claim, its release, the bulk claim leaving those there) is in class-claims.int.spec.ts.

const review = (over: Partial<{ id: number; authorId: string; teacherId: number; subjectId: number; year: number }> = {}) => ({
  id: 1,
  authorId: 'u1',
  teacherId: 3,
  subjectId: 4,
  year: 2,
  ...over,
});

describe('classKey', () => {
  it('keeps author, teacher, subject and year apart, whatever characters they hold', () => {
    expect(classKey(review({ authorId: 'a:b' }))).not.toBe(classKey(review({ authorId: 'a', teacherId: 'b:3' as never })));
    expect(classKey(review())).toBe(classKey(review({ id: 2 })));
  });
});

describe('ClassClaims.move', () => {
  it('does nothing while the author and class stay', () => {
    expect(new ClassClaims({} as never).move(review(), { ...review(), id: 1 })).toBeNull();
    expect(new ClassClaims({} as never).move(null, null)).toBeNull();
  });
});

describe('ClassClaims.claimAll', () => {
  it('passes on any other write error', async () => {
    const docs = { insertMany: jest.fn().mockRejectedValueOnce(Object.assign(new Error('down'), { writeErrors: [{ code: 91 }] })) };
    async function* one() {
      yield review();
    }
    await expect(new ClassClaims(docs as never).claimAll(one())).rejects.toThrow('down');
  });
});
