// A user's index (`user_index`): their first entry creates the document on its own first, because
// concurrent upserts of one new document lose updates on DocumentDB (20 reviews created at once by one
// new user once left their index without the one review kept).
import { useTestDatabase } from '@pupitre/server-kit/testing';
import { UserStore } from './user-store';

jest.setTimeout(30_000);
describe('UserStore', () => {
  const db = useTestDatabase(__filename);
  const store = () => new UserStore(db.conn.collection('user_index') as never);

  it("20 additions at once to a new user's index, for 20 new users in turn: none lost or doubled; then some leave it", async () => {
    const users = store();
    const ids = Array.from({ length: 20 }, (_, i) => 100 + i);
    const wrong: string[] = [];
    for (let n = 0; n < 20; n += 1) {
      await Promise.all(ids.map((id) => users.add(`new-user-${n}`, 'reviews', id)));
      const kept = (await users.get(`new-user-${n}`)).reviews;
      wrong.push(...ids.filter((id) => !kept.includes(id)).map((id) => `new-user-${n}: ${id} lost`));
      // Nor doubled: each id listed once (the list itself, not a set made of it).
      wrong.push(...ids.filter((id) => kept.filter((k) => k === id).length > 1).map((id) => `new-user-${n}: ${id} doubled`));
    }
    expect(wrong).toEqual([]);
    await Promise.all(ids.slice(0, 19).map((id) => users.pull('new-user-0', 'reviews', id)));
    expect(await users.get('new-user-0')).toEqual({ _id: 'new-user-0', reviews: [119], favorites: [], reported: [] });
  });

  it('lists are sets; a user never seen reads as empty; a deleted review leaves everyone', async () => {
    const users = store();
    await Promise.all([users.add('a', 'favorites', 7), users.add('a', 'favorites', 7), users.add('b', 'reported', 7)]);
    expect((await users.get('a')).favorites).toEqual([7]);
    expect(await users.get('nobody')).toEqual({ _id: 'nobody', reviews: [], favorites: [], reported: [] });
    await users.forgetReview(7);
    expect([(await users.get('a')).favorites, (await users.get('b')).reported]).toEqual([[], []]);
  });
});
