import { useTestDatabase } from '@pupitre/server-kit/testing';
import { pairKey } from './keys';
import { UserIndex } from './user-index';
import { copyVotesToUserIndex, USER_VOTES_MIGRATION } from './user-votes.migration';

jest.setTimeout(30_000);
describe('votes copied to the user index', () => {
  const db = useTestDatabase(__filename);

  it('copies every vote of an older database once, keeping what the index already holds', async () => {
    const { conn } = db;
    await conn.collection<{ _id: string }>('votes').insertMany([
      { _id: pairKey(1, 'bob'), reviewId: 1, userId: 'bob', value: true },
      { _id: pairKey(3, 'bob'), reviewId: 3, userId: 'bob', value: false },
      { _id: pairKey(1, 'carol'), reviewId: 1, userId: 'carol', value: false },
    ] as never);
    await conn.collection<{ _id: string }>('user_index').insertOne({ _id: 'bob', favorites: [3] } as never);

    await copyVotesToUserIndex(conn);
    await conn.collection<{ _id: string }>('votes').insertOne({ _id: pairKey(9, 'bob'), reviewId: 9, userId: 'bob', value: true } as never);
    await copyVotesToUserIndex(conn); // done once: the second run changes nothing

    const index = new UserIndex(conn);
    expect(await index.get('bob')).toEqual({ _id: 'bob', reviews: [], favorites: [3], votes: { 1: true, 3: false } });
    expect((await index.get('carol')).votes).toEqual({ 1: false });
    expect(await conn.collection<{ _id: string }>('migrations').findOne({ _id: USER_VOTES_MIGRATION })).toMatchObject({ users: 2 });
  });
});
