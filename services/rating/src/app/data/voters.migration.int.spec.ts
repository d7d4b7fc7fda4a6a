// voters-v1: the votes of earlier releases (JSON text `votes`) move to the indexed array `voters`, once; a run after a crash
// goes on where it stopped, and a run after it is done changes nothing.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { reviewOid } from './keys';
import { migrateToVoters, VOTERS_MIGRATION } from './voters.migration';

jest.setTimeout(60_000);

describe('the voters migration', () => {
  const db = useTestDatabase(__filename);
  const reviews = () => db.conn.collection('reviews');
  const migrations = () => db.conn.collection<{ _id: string; reviews?: number }>('migrations');

  /** A review as an earlier release stored it: its votes as JSON text, its counts beside it. */
  const old = (id: number, votes: Record<string, 0 | 1> | string) => {
    const text = typeof votes === 'string' ? votes : JSON.stringify(votes);
    const values = typeof votes === 'string' ? [] : Object.values(votes);
    return { _id: reviewOid(id), id, votes: text, relUp: values.filter((v) => v === 1).length, relTotal: values.length, fence: 3 };
  };

  beforeEach(async () => {
    await reviews().deleteMany({});
    await migrations().deleteOne({ _id: VOTERS_MIGRATION });
  });

  it('moves every review’s votes to `voters`, drops `votes`, keeps the counts and moves the fence', async () => {
    // More than one batch of writes (500), a few voted on, one with text no release would write.
    const docs = Array.from({ length: 1203 }, (_, i) => old(i + 1, i % 100 === 0 ? { a: 1, b: 0, [`u${i}`]: 1 } : {}));
    docs.push(old(2000, 'not json'));
    await reviews().insertMany(docs as never);
    const logged: string[] = [];
    await migrateToVoters(db.conn, (msg) => logged.push(msg));
    expect(await reviews().countDocuments({ votes: { $exists: true } })).toBe(0);
    expect(await reviews().findOne({ id: 101 }, { projection: { _id: 0, voters: 1, relUp: 1, relTotal: 1, fence: 1 } })).toEqual({
      voters: [
        { u: 'a', v: 1 },
        { u: 'b', v: 0 },
        { u: 'u100', v: 1 },
      ],
      relUp: 2,
      relTotal: 3,
      fence: 4,
    });
    expect(await reviews().findOne({ id: 2 }, { projection: { _id: 0, voters: 1, fence: 1 } })).toEqual({ voters: [], fence: 4 });
    expect(await reviews().findOne({ id: 2000 }, { projection: { _id: 0, voters: 1 } })).toEqual({ voters: [] });
    // Found by the voter's id now (the erasure's query).
    expect(await reviews().countDocuments({ 'voters.u': 'a' })).toBe(13);
    expect(await migrations().findOne({ _id: VOTERS_MIGRATION })).toMatchObject({ reviews: 1204 });
    expect(logged).toContain('votes moved to their indexed array');

    // Done: a second run changes nothing (not even the fences).
    await reviews().updateOne({ id: 2 }, { $set: { votes: '{"late":1}' } });
    await migrateToVoters(db.conn);
    expect(await reviews().findOne({ id: 2 }, { projection: { _id: 0, votes: 1, fence: 1 } })).toEqual({ votes: '{"late":1}', fence: 4 });
  });

  it('after a crash midway, goes on with the reviews not moved yet and leaves the others as they are', async () => {
    await reviews().insertMany([old(1, { a: 1 }), old(2, { b: 0 }), old(3, {})] as never);
    // The crashed run moved review 1, and a vote on it came after (a targeted write of the new release).
    await reviews().updateOne(
      { id: 1 },
      {
        $set: {
          voters: [
            { u: 'a', v: 1 },
            { u: 'c', v: 0 },
          ],
          relTotal: 2,
        },
        $unset: { votes: '' },
      },
    );
    await migrateToVoters(db.conn);
    const after = await reviews()
      .find({}, { projection: { _id: 0, id: 1, voters: 1, relTotal: 1, votes: 1 } })
      .sort({ id: 1 })
      .toArray();
    expect(after).toEqual([
      {
        id: 1,
        voters: [
          { u: 'a', v: 1 },
          { u: 'c', v: 0 },
        ],
        relTotal: 2,
      },
      { id: 2, voters: [{ u: 'b', v: 0 }], relTotal: 1 },
      { id: 3, voters: [], relTotal: 0 },
    ]);
    expect(await migrations().findOne({ _id: VOTERS_MIGRATION })).toMatchObject({ reviews: 2 });
  });
});
