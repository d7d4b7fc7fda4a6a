import { classKey, ClassClaims } from './class-claims';

const review = (over: Partial<{ id: number; authorId: string; teacherId: number; subjectId: number; year: number }> = {}) => ({
  id: 1,
  authorId: 'u1',
  teacherId: 3,
  subjectId: 4,
  year: 2,
  ...over,
});

function claimsOver() {
  const docs = { insertOne: jest.fn(async () => ({})), deleteOne: jest.fn(async () => ({})), insertMany: jest.fn() };
  return { claims: new ClassClaims(docs as never), docs };
}

describe('ClassClaims.move', () => {
  const session = {} as never;

  it('claims the class of a new review, and releases the class of a deleted one (its own claim only)', async () => {
    const { claims, docs } = claimsOver();
    await claims.move(null, review())!(session);
    expect(docs.insertOne).toHaveBeenCalledWith({ _id: classKey(review()), reviewId: 1 }, { session });
    await claims.move(review(), null)!(session);
    expect(docs.deleteOne).toHaveBeenCalledWith({ _id: classKey(review()), reviewId: 1 }, { session });
  });

  it('does nothing while the author and class stay, moves the claim when they change', async () => {
    const { claims, docs } = claimsOver();
    expect(claims.move(review(), { ...review(), id: 1 })).toBeNull();
    await claims.move(review(), review({ year: 5 }))!(session);
    expect(docs.deleteOne).toHaveBeenCalledWith({ _id: classKey(review()), reviewId: 1 }, { session });
    expect(docs.insertOne).toHaveBeenCalledWith({ _id: classKey(review({ year: 5 })), reviewId: 1 }, { session });
    expect(classKey(review({ authorId: 'a:b' }))).not.toBe(classKey(review({ authorId: 'a', teacherId: 'b:3' as never })));
  });
});

describe('ClassClaims.claimAll', () => {
  it('claims in batches and leaves the claims already there (a run again after a crash)', async () => {
    const { claims, docs } = claimsOver();
    docs.insertMany
      .mockResolvedValueOnce({ insertedCount: 2 })
      .mockRejectedValueOnce(Object.assign(new Error('dup'), { insertedCount: 0, writeErrors: [{ code: 11000 }] }));
    async function* reviews() {
      for (let id = 1; id <= 3; id++) yield review({ id, year: id });
    }
    expect(await claims.claimAll(reviews(), 2)).toBe(2);
    expect(docs.insertMany).toHaveBeenCalledTimes(2);
    expect(docs.insertMany.mock.calls[1][0]).toEqual([{ _id: classKey(review({ id: 3, year: 3 })), reviewId: 3 }]);
  });

  it('passes on any other write error', async () => {
    const { claims, docs } = claimsOver();
    docs.insertMany.mockRejectedValueOnce(Object.assign(new Error('down'), { writeErrors: [{ code: 91 }] }));
    async function* one() {
      yield review();
    }
    await expect(claims.claimAll(one())).rejects.toThrow('down');
  });
});
