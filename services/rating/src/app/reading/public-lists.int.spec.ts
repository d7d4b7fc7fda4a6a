// PublicLists' bounds in time when no figure moved (a process stopped between a review's write and the `rev` it moves):
// lists read less than LISTS_REFRESH_AFTER_MS ago are served as they are; older ones are still served at once and read
// again in the background, so no reader waits for a list's age; none older than LISTS_MAX_AGE_MS is served.
import { type Harness, startHarness } from '../../../testing/rating-harness';
import { LISTS_MAX_AGE_MS, LISTS_REFRESH_AFTER_MS, PublicLists } from './public-lists';

jest.setTimeout(60_000);

describe('PublicLists in time', () => {
  let h: Harness;
  let lists: PublicLists;
  beforeAll(async () => {
    h = await startHarness(__filename);
    lists = h.api.app.get(PublicLists);
  });
  afterAll(() => h?.close());
  afterEach(() => jest.restoreAllMocks());

  const clockAt = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);
  const textOf = async (teacherId?: number) => (await lists.lists(20, teacherId)).answer.text;
  /** Changes the public text of the first review listed, behind the figures' back (no `rev` moves). */
  const changeBehind = async (text: string, teacherId?: number) => {
    const id = JSON.parse(await textOf(teacherId))[0].reviews[0].id as number;
    await h.conn.collection('reviews').updateOne({ id }, { $set: { 'pub.text_rating': text } });
  };

  it("a teacher's lists: served as read until they age, then at once while they are read again", async () => {
    const teacherId = (await h.conn.collection('reviews').findOne({ visible: true }))!.teacherId as number;
    const t0 = Date.now();
    clockAt(t0);
    const before = await textOf(teacherId);
    await changeBehind('Changed behind the figures', teacherId);

    clockAt(t0 + LISTS_REFRESH_AFTER_MS - 1000);
    expect(await textOf(teacherId)).toBe(before);
    clockAt(t0 + LISTS_REFRESH_AFTER_MS + 1000);
    expect(await textOf(teacherId)).toBe(before); // no wait: the re-read runs behind
    // The clock stands still: poll a bounded number of times.
    let after = before;
    for (let i = 0; i < 100 && !after.includes('Changed behind the figures'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await textOf(teacherId);
    }
    expect(after).toContain('Changed behind the figures');
  });

  it("the community's lists: never served past their maximum age", async () => {
    const t0 = Date.now();
    clockAt(t0);
    await textOf();
    await changeBehind('Changed in the community');
    clockAt(t0 + LISTS_MAX_AGE_MS + 1000);
    expect(await textOf()).toContain('Changed in the community');
  });
});
