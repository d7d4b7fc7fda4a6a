// One review per author and class, decided by the database's unique `_id` of the claims (class-claims.ts): of reviews of one
// class claimed at once one lands, the others get a duplicate key; a review releases its own claim only; a move to a class
// another review holds writes nothing; the bulk claim leaves the claims already there. (Replaces the unit tests that asserted
// the documents given to a fake collection.)
import { inTransaction, isDuplicateKey } from '@pupitre/server-kit';
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { type ClaimMove, classKey, ClassClaims } from './class-claims';

const review = (over: Partial<{ id: number; authorId: string; teacherId: number; subjectId: number; year: number }> = {}) => ({
  id: 1,
  authorId: 'u1',
  teacherId: 3,
  subjectId: 4,
  year: 2,
  ...over,
});

const byKey = <T extends { _id: unknown }>(docs: T[]): T[] => [...docs].sort((a, b) => (String(a._id) < String(b._id) ? -1 : 1));

describe('ClassClaims on the database', () => {
  const db = useTestDatabase(__filename);
  const claims = () => new ClassClaims(db.conn.collection('review_claims') as never);
  const stored = async () =>
    byKey((await db.conn.collection('review_claims').find({}).toArray()).map((d) => ({ _id: d._id, reviewId: d.reviewId })));
  /** A claim move in a transaction of its own, as the review write runs it: 'ok', 'duplicate' or the error. */
  const run = (move: ClaimMove | null) =>
    inTransaction(db.conn.getClient() as never, async (session) => {
      await move!(session);
      return true;
    }).then(
      () => 'ok',
      (err: unknown) => (isDuplicateKey(err) ? 'duplicate' : `other: ${(err as Error).message}`),
    );
  beforeEach(() => db.conn.collection('review_claims').deleteMany({}));

  it('of ten reviews of one author and class claimed at once, one gets the class; the others a duplicate key, nothing of theirs kept', async () => {
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => run(claims().move(null, review({ id: 10 + i })))));
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual(Array(9).fill('duplicate'));
    const docs = await stored();
    expect(docs).toEqual([{ _id: classKey(review()), reviewId: expect.any(Number) }]);
    // Another author, or another year, is another class.
    expect(await run(claims().move(null, review({ id: 30, authorId: 'u2' })))).toBe('ok');
    expect(await run(claims().move(null, review({ id: 31, year: 5 })))).toBe('ok');
    expect(await stored()).toHaveLength(3);
  });

  it("releases a review's own claim only: a review that does not hold the class leaves it claimed", async () => {
    expect(await run(claims().move(null, review({ id: 1 })))).toBe('ok');
    expect(await run(claims().move(review({ id: 2 }), null))).toBe('ok'); // same class, another review: not its claim
    expect(await stored()).toEqual([{ _id: classKey(review()), reviewId: 1 }]);
    expect(await run(claims().move(review({ id: 1 }), null))).toBe('ok');
    expect(await stored()).toEqual([]);
  });

  it('moves the claim when the class changes; a move to a class another review holds writes nothing (its claim stays where it was)', async () => {
    expect(claims().move(review(), review())).toBeNull();
    await run(claims().move(null, review({ id: 1 })));
    await run(claims().move(null, review({ id: 2, year: 6 })));
    expect(await run(claims().move(review({ id: 1 }), review({ id: 1, year: 5 })))).toBe('ok');
    expect(await stored()).toEqual(
      byKey([
        { _id: classKey(review({ year: 5 })), reviewId: 1 },
        { _id: classKey(review({ year: 6 })), reviewId: 2 },
      ]),
    );
    expect(await run(claims().move(review({ id: 1, year: 5 }), review({ id: 1, year: 6 })))).toBe('duplicate');
    expect(await stored()).toEqual(
      byKey([
        { _id: classKey(review({ year: 5 })), reviewId: 1 },
        { _id: classKey(review({ year: 6 })), reviewId: 2 },
      ]),
    );
  });

  it('claims in batches and leaves the claims already there (a run again after a crash): each class once', async () => {
    await run(claims().move(null, review({ id: 2, year: 2 })));
    async function* reviews() {
      for (let id = 1; id <= 5; id++) yield review({ id, year: id });
    }
    expect(await claims().claimAll(reviews(), 2)).toBe(4);
    expect(await claims().claimAll(reviews(), 2)).toBe(0);
    expect(await stored()).toEqual(byKey([1, 2, 3, 4, 5].map((id) => ({ _id: classKey(review({ id, year: id })), reviewId: id }))));
  });
});
