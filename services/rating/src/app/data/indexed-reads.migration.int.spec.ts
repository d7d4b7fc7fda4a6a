// The one-time migration of the previous release's reviews (ADR 0009 documents: no list keys, no
// `flagged`, no teacher_stats) on the real database: derived fields and figures as the write path
// computes them, a review a crash left done is skipped, a change made meanwhile is not overwritten,
// and a second run does nothing.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { withDerived } from '../reviews/list-keys';
import { newReview, published, type ReviewDoc } from '../reviews/review';
import { INDEXED_READS_MIGRATION, migrateToIndexedReads } from './indexed-reads.migration';
import { reviewOid } from './keys';

jest.setTimeout(60_000);

const content = (teacherId: number, tot: number, year = 1) => ({
  teacherId,
  subjectId: 1,
  year,
  tot_rating: tot,
  grades: { clarte: tot },
  flags: { aide: tot > 5 },
  text_rating: 'Clair.',
});

/** A review as the previous release stored it: what the write path stores, without the derived fields. */
function previous(id: number, teacherId: number, tot: number, extra: Partial<ReviewDoc> = {}): ReviewDoc {
  const at = new Date(Date.UTC(2026, 9, id));
  const written = { ...newReview(id, reviewOid(id), `author-${id}`, content(teacherId, tot), at, at), fence: 3 };
  return {
    ...published(written, at),
    voters: [
      { u: 'v1', v: 1 as const },
      { u: 'v2', v: 0 as const },
    ],
    relUp: 1,
    relTotal: 2,
    ...extra,
  };
}

describe('migration to indexed reads (indexed-reads-v1)', () => {
  const db = useTestDatabase(__filename);

  it('derives every review’s list keys and flag and every teacher’s figures, once, skipping what is done', async () => {
    const reviews = db.conn.collection<ReviewDoc>('reviews');
    const docs = [
      previous(1, 7, 8),
      previous(2, 7, 4),
      previous(3, 9, 10),
      // Pending: no public version, no figures, no list keys.
      previous(4, 7, 2, { status: 'pending', visible: false, pub: null } as never),
      // Reported while public: moderators must look at it.
      previous(5, 9, 6, { reportCount: 1 }),
    ];
    // A crash after review 1 was brought over (its derived fields are there, the migration not marked).
    await reviews.insertMany([withDerived(docs[0]), ...docs.slice(1)]);

    await migrateToIndexedReads(db.conn);

    for (const doc of docs) {
      const stored = await reviews.findOne({ id: doc.id });
      const { keys, flagged } = withDerived(doc);
      expect({ id: doc.id, keys: stored?.keys, flagged: stored?.flagged }).toEqual({ id: doc.id, keys, flagged });
    }
    const marked = await db.conn.collection('migrations').findOne({ _id: INDEXED_READS_MIGRATION as never });
    expect(marked).toMatchObject({ reviews: 4, teachers: 2 });
    const stats = db.conn.collection<{ _id: number; reviewCount: number; ratingSum: number; dist: Record<string, number> }>(
      'teacher_stats',
    );
    expect(await stats.findOne({ _id: 7 })).toMatchObject({ reviewCount: 2, ratingSum: 12, dist: { 8: 1, 4: 1 } });
    expect(await stats.findOne({ _id: 9 })).toMatchObject({ reviewCount: 2, ratingSum: 16 });

    // Run once: a second start finds it marked and touches nothing.
    await reviews.updateOne({ id: 2 }, { $unset: { keys: '' } });
    await migrateToIndexedReads(db.conn);
    expect((await reviews.findOne({ id: 2 }))?.keys).toBeUndefined();
  });

  it('does not overwrite a review changed while it runs (its write carries the version it read)', async () => {
    const reviews = db.conn.collection<ReviewDoc>('reviews');
    await db.conn.collection('migrations').deleteMany({});
    await reviews.deleteMany({});
    await reviews.insertOne(previous(10, 7, 5));
    // Another process changes review 10 (a newer version, derived fields of its own) between the
    // migration's read and its write: the first update of the cursor's document must match nothing.
    const find = reviews.find.bind(reviews);
    jest.spyOn(reviews, 'find').mockImplementationOnce(((...args: Parameters<typeof reviews.find>) => {
      const cursor = find(...args);
      const next = cursor.next.bind(cursor);
      let changed = false;
      cursor.next = (async () => {
        const doc = await next();
        if (doc && !changed) {
          changed = true;
          await reviews.updateOne({ _id: doc._id }, { $set: { fence: 4, keys: { recent: 42 }, flagged: false } });
        }
        return doc;
      }) as never;
      return cursor;
    }) as never);
    const migrate = migrateToIndexedReads(db.conn);
    await migrate;
    expect((await reviews.findOne({ id: 10 }))?.keys).toEqual({ recent: 42 });
  });
});
