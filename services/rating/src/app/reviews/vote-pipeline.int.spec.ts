// A vote's write computes its review's `relevant` key in the database (relevanceKeyExpression): the same number, to the last
// bit, as relevanceKey in the code (which every other write stores), for every count up to 150 votes; and the vote pipeline
// adds, changes and removes one voter's vote, moves the counts with it, and unsets the key with the last vote.
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { relevanceKey, relevanceKeyExpression } from './list-keys';
import { votePipeline, type VoteValue } from './votes';

jest.setTimeout(60_000);

describe('the vote as one update pipeline', () => {
  const db = useTestDatabase(__filename);

  it('computes the relevant key exactly as relevanceKey does, for every (up, total) up to 150 and some up to 10,000,000', async () => {
    const keys = db.conn.collection<{ _id: string; relUp: number; relTotal: number; keys?: { relevant?: number } }>('relevance_keys');
    const docs = [];
    for (let total = 0; total <= 150; total++)
      for (let up = 0; up <= total; up++) docs.push({ _id: `${up}/${total}`, relUp: up, relTotal: total, keys: { relevant: -1 } });
    for (const total of [151, 1000, 9_999, 123_456, 10_000_000])
      for (const up of [0, 1, Math.floor(total / 3), total - 1, total])
        docs.push({ _id: `${up}/${total}`, relUp: up, relTotal: total, keys: { relevant: -1 } });
    await keys.insertMany(docs);
    await keys.updateMany({}, [{ $set: { 'keys.relevant': relevanceKeyExpression() } }]);
    const wrong: string[] = [];
    for await (const doc of keys.find({})) {
      if (doc.keys?.relevant !== relevanceKey(doc.relUp, doc.relTotal)) wrong.push(`${doc._id}: ${doc.keys?.relevant}`);
    }
    expect({ compared: docs.length, wrong }).toEqual({ compared: 11_501, wrong: [] });
  });

  it('adds, changes and removes one voter’s vote with its counts and key; a stale previous vote matches nothing', async () => {
    const reviews = db.conn.collection<{
      _id: number;
      voters?: { u: string; v: VoteValue }[];
      relUp?: number;
      relTotal?: number;
      keys?: Record<string, number>;
    }>('vote_reviews');
    await reviews.insertOne({ _id: 1, keys: { recent: 7 } });
    const vote = async (userId: string, before: VoteValue | null, after: VoteValue | null) => {
      const write = votePipeline(userId, before, after)!;
      return reviews.findOneAndUpdate({ _id: 1, ...write.filter }, write.update, { returnDocument: 'after', projection: { _id: 0 } });
    };
    // A user id that looks like a field path is taken as text.
    expect(await vote('$relUp', null, 1)).toEqual({
      voters: [{ u: '$relUp', v: 1 }],
      relUp: 1,
      relTotal: 1,
      keys: { recent: 7, relevant: relevanceKey(1, 1) },
    });
    expect(await vote('b', null, 0)).toMatchObject({ relUp: 1, relTotal: 2, keys: { recent: 7, relevant: relevanceKey(1, 2) } });
    expect(await vote('b', null, 1)).toBeNull(); // b has voted: a first vote of b matches nothing
    expect(await vote('$relUp', 0, 1)).toBeNull(); // not b's previous vote
    expect(await vote('$relUp', 1, 0)).toEqual({
      voters: [
        { u: '$relUp', v: 0 },
        { u: 'b', v: 0 },
      ],
      relUp: 0,
      relTotal: 2,
      keys: { recent: 7, relevant: relevanceKey(0, 2) },
    });
    expect(await vote('b', 0, null)).toMatchObject({ voters: [{ u: '$relUp', v: 0 }], relUp: 0, relTotal: 1 });
    expect(await vote('$relUp', 0, null)).toEqual({ voters: [], relUp: 0, relTotal: 0, keys: { recent: 7 } }); // no vote: no key
    expect(votePipeline('b', 1, 1)).toBeNull();
  });

  it("an erasure's removal (anyState): on a public review the key follows the counts; out of the public pages no key is written", async () => {
    const reviews = db.conn.collection<{
      _id: number;
      visible: boolean;
      voters?: { u: string; v: VoteValue }[];
      relUp?: number;
      relTotal?: number;
      keys?: Record<string, number>;
    }>('erased_votes');
    const voters = [
      { u: 'erased', v: 1 as VoteValue },
      { u: 'other', v: 1 as VoteValue },
    ];
    await reviews.insertMany([
      { _id: 1, visible: true, voters, relUp: 2, relTotal: 2, keys: { recent: 7, relevant: relevanceKey(2, 2)! } },
      { _id: 2, visible: false, voters, relUp: 2, relTotal: 2 },
    ]);
    const erase = async (_id: number) => {
      const write = votePipeline('erased', 1, null, { anyState: true })!;
      return reviews.findOneAndUpdate({ _id, ...write.filter }, write.update, { returnDocument: 'after', projection: { _id: 0 } });
    };
    expect(await erase(1)).toEqual({
      visible: true,
      voters: [{ u: 'other', v: 1 }],
      relUp: 1,
      relTotal: 1,
      keys: { recent: 7, relevant: relevanceKey(1, 1) },
    });
    expect(await erase(2)).toEqual({ visible: false, voters: [{ u: 'other', v: 1 }], relUp: 1, relTotal: 1 });
    expect(await erase(1)).toBeNull(); // removed already: matches nothing
  });
});
