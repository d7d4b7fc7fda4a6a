// The review writes' compare-and-set on `fence`, decided by the database: concurrent changes of one review all land, each on
// the version it read; a write decided on a version another writer has replaced matches nothing and is decided again; a
// review always beaten is a 503, never a write on a stale version; the teacher's figures move once per change that lands.
// (Replaces the unit tests that asserted the filters given to a fake collection.)
import { DependencyUnavailableError } from '@pupitre/server-kit';
import { useTestDatabase } from '@pupitre/server-kit/testing';
import type { Collection } from 'mongodb';
import { newReview, published, type ReviewDoc, withVisibility } from '../reviews/review';
import { ClassClaims } from './class-claims';
import { reviewOid } from './keys';
import { CHANGE_ATTEMPTS, ReviewStore } from './review-store';
import { TeacherStatsStore } from './teacher-stats-store';

jest.setTimeout(60_000);

const content = (teacherId: number) => ({
  teacherId,
  subjectId: 1,
  year: 3,
  tot_rating: 7,
  grades: {},
  flags: {},
  text_rating: 'Clear and patient',
});

describe('ReviewStore: a compare-and-set on the review', () => {
  const db = useTestDatabase(__filename);
  let nextId = 1;
  /** The review documents, with `before(op)` run before each of the store's writes `op` (another writer, on the database). */
  const reviewsWith = (before: (op: 'updateOne' | 'deleteOne', filter: { _id: unknown }) => Promise<void>) => {
    const docs = db.conn.collection<ReviewDoc>('reviews') as unknown as Collection<ReviewDoc>;
    return new Proxy(docs, {
      get(target, prop, receiver) {
        if (prop === 'updateOne' || prop === 'deleteOne')
          return async (filter: { _id: unknown }, ...rest: unknown[]) => {
            await before(prop, filter);
            return (target[prop] as (...args: unknown[]) => Promise<unknown>).call(target, filter, ...rest);
          };
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  };
  const storeOver = (before: Parameters<typeof reviewsWith>[0] = async () => undefined) =>
    new ReviewStore(
      reviewsWith(before),
      new TeacherStatsStore(db.conn.collection('teacher_stats') as never, db.conn.getClient() as never),
      new ClassClaims(db.conn.collection('review_claims') as never),
    );
  /** Another writer's change of review `id`: its version moves on (and one more report counted, to see it landed). */
  const otherWriter = (id: number) =>
    db.conn.collection('reviews').updateOne({ _id: reviewOid(id) }, { $inc: { fence: 1, reportCount: 1 } });
  const stored = async (id: number) => (await db.conn.collection<ReviewDoc>('reviews').findOne({ _id: reviewOid(id) }))!;
  const figures = async (teacherId: number) => db.conn.collection('teacher_stats').findOne({ _id: teacherId as never });
  const addReview = async (teacherId: number, pub = false): Promise<number> => {
    const id = nextId++;
    const now = new Date();
    await storeOver().insert(newReview(id, reviewOid(id), `author-${id}`, content(teacherId), now, now));
    if (pub) await storeOver().change(id, (doc) => published(doc, now));
    return id;
  };
  const countReport = (doc: ReviewDoc): ReviewDoc => ({ ...doc, reportCount: doc.reportCount + 1 });

  it('ten changes of one review at once all land, each written on the version it read: nothing lost, nothing counted twice', async () => {
    const id = await addReview(100);
    const writes = await Promise.all(Array.from({ length: 10 }, () => storeOver().change(id, countReport)));
    expect(writes.map((w) => w!.before.fence).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await stored(id)).toMatchObject({ reportCount: 10, fence: 10 });
  });

  it('another writer between the read and the write: the database refuses the stale write, the change is decided again on the new document', async () => {
    const id = await addReview(101);
    let others = 2;
    const store = storeOver(async (op) => {
      if (op === 'updateOne' && others-- > 0) await otherWriter(id);
    });
    const write = await store.change(id, countReport);
    expect(write!.before).toMatchObject({ reportCount: 2, fence: 2 });
    expect(await stored(id)).toMatchObject({ reportCount: 3, fence: 3 });
  });

  it('always beaten by another writer: 503 after its attempts, never a write on a stale version', async () => {
    const id = await addReview(102);
    let attempts = 0;
    const store = storeOver(async (op) => {
      if (op !== 'updateOne') return;
      attempts += 1;
      await otherWriter(id);
    });
    await expect(store.change(id, countReport)).rejects.toBeInstanceOf(DependencyUnavailableError);
    expect(attempts).toBe(CHANGE_ATTEMPTS);
    // Only the other writer's changes are there.
    expect(await stored(id)).toMatchObject({ reportCount: CHANGE_ATTEMPTS, fence: CHANGE_ATTEMPTS });
  });

  it('nothing to change, or no such review: nothing written', async () => {
    const id = await addReview(103);
    await expect(storeOver().change(id, () => null)).resolves.toBeNull();
    await expect(storeOver().change(999_999, countReport)).resolves.toBeNull();
    expect(await stored(id)).toMatchObject({ fence: 0, reportCount: 0 });
    expect(await db.conn.collection('reviews').countDocuments({ id: 999_999 })).toBe(0);
  });

  it('a removal is a compare-and-set too: a review changed meanwhile is read and judged again, then removed with its figures', async () => {
    const id = await addReview(104, true);
    expect(await figures(104)).toMatchObject({ reviewCount: 1, ratingSum: 7 });
    let others = 1;
    const judged: number[] = [];
    const store = storeOver(async (op) => {
      if (op === 'deleteOne' && others-- > 0) await otherWriter(id);
    });
    const removed = await store.remove(id, (doc) => {
      judged.push(doc.fence);
      return true;
    });
    expect(judged).toEqual([1, 2]);
    expect(removed).toMatchObject({ fence: 2, reportCount: 1 });
    expect(await db.conn.collection('reviews').countDocuments({ id })).toBe(0);
    expect(await figures(104)).toMatchObject({ reviewCount: 0, ratingSum: 0 });
  });

  it("concurrent changes of a public review move its teacher's figures once each: hidden and shown again ten times at once", async () => {
    const id = await addReview(105, true);
    const toggle = (doc: ReviewDoc): ReviewDoc => withVisibility({ ...doc, hidden: !doc.hidden });
    const writes = await Promise.all(Array.from({ length: 10 }, () => storeOver().change(id, toggle)));
    expect(writes.every(Boolean)).toBe(true);
    expect(await stored(id)).toMatchObject({ hidden: false, visible: true, fence: 11 });
    // Ten flips, each counted on the version it was decided on: the review counted once, as before.
    expect(await figures(105)).toMatchObject({ reviewCount: 1, ratingSum: 7, rev: 11 });
  });
});
