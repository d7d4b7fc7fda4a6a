// A user's votes taken out by an erasure: found by the index `voters.u` (more than one batch of them), each review's counts and
// `relevant` key moved with it, each teacher's `rev` once; idempotent.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { relevanceKey } from '../reviews/list-keys';
import { reviewOid } from './keys';
import { SCAN_BATCH } from './review-store';
import { ReviewVotes } from './review-votes';
import { type TeacherStatsStore } from './teacher-stats-store';

jest.setTimeout(120_000);

describe('ReviewVotes.removeVoter', () => {
  const db = useTestDatabase(__filename);

  it('removes every vote of the user, by index, whatever the review’s state, and only theirs', async () => {
    const reviews = db.conn.collection('reviews');
    await reviews.createIndex({ 'voters.u': 1 });
    const count = SCAN_BATCH * 2 + 7;
    await reviews.insertMany(
      Array.from({ length: count + 100 }, (_, i) => {
        const voters =
          i < count
            ? [
                { u: 'gone', v: i % 2 },
                { u: 'stays', v: 1 },
              ]
            : [{ u: 'stays', v: 1 }];
        const relUp = voters.filter((v) => v.v === 1).length;
        const visible = i % 3 !== 0;
        return {
          _id: reviewOid(i + 1),
          id: i + 1,
          teacherId: 1 + (i % 4),
          visible,
          voters,
          relUp,
          relTotal: voters.length,
          ...(visible ? { keys: { recent: i, relevant: relevanceKey(relUp, voters.length) } } : {}),
        };
      }) as never,
    );
    const revised = jest.fn(async (_teacherId: number) => undefined);
    const votes = new ReviewVotes(reviews as never, { revised } as unknown as TeacherStatsStore);
    const started = Date.now();
    await expect(votes.removeVoter('gone')).resolves.toBe(count);
    const ms = Date.now() - started;
    expect(await reviews.countDocuments({ 'voters.u': 'gone' })).toBe(0);
    expect(await reviews.countDocuments({ 'voters.u': 'stays' })).toBe(count + 100);
    const docs = await reviews.find({}, { projection: { _id: 0, id: 1, voters: 1, relUp: 1, relTotal: 1, visible: 1, keys: 1 } }).toArray();
    for (const doc of docs) {
      expect({ id: doc.id, relUp: doc.relUp, relTotal: doc.relTotal }).toEqual({ id: doc.id, relUp: 1, relTotal: 1 });
      if (doc.visible) expect({ id: doc.id, relevant: doc.keys.relevant }).toEqual({ id: doc.id, relevant: relevanceKey(1, 1) });
    }
    expect(revised.mock.calls.map(([t]) => t).sort()).toEqual([1, 2, 3, 4]); // once per teacher
    // Idempotent: nothing left to do.
    await expect(votes.removeVoter('gone')).resolves.toBe(0);
    console.log(`removeVoter: ${count} votes over ${count} reviews in ${ms} ms`);
  });
});
