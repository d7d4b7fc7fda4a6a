// PublicLists' bounds in time when no figure moved (a process stopped between a review's write and the `rev` it moves, and
// never replaced): a teacher's lists read less than TEACHER_LISTS_REFRESH_AFTER_MS ago are served as they are; older ones are
// still served at once and read again in the background, so no reader waits for a list's age; the community's are never
// served past LISTS_MAX_AGE_MS. A start of any process (the replacement of one that stopped) has them all read again.
import { type Harness, startHarness } from '../../../testing/rating-harness';
import { TeacherStatsStore } from '../data/teacher-stats-store';
import { LISTS_MAX_AGE_MS, PublicLists, TEACHER_LISTS_REFRESH_AFTER_MS } from './public-lists';

jest.setTimeout(60_000);

/** A harness of its own per block (a block that moves the clock leaves the caches' times behind it). */
function useLists(): { h: Harness; lists: PublicLists } {
  const ctx = {} as { h: Harness; lists: PublicLists };
  beforeAll(async () => {
    ctx.h = await startHarness(__filename);
    ctx.lists = ctx.h.api.app.get(PublicLists);
  });
  afterAll(() => ctx.h?.close());
  afterEach(() => jest.restoreAllMocks());
  return ctx;
}

describe('PublicLists in time', () => {
  const ctx = useLists();

  const clockAt = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);
  const textOf = async (teacherId?: number) => (await ctx.lists.lists(20, teacherId)).answer.text;
  /** Changes the public text of the first review listed, behind the figures' back (no `rev` moves). */
  const changeBehind = async (text: string, teacherId?: number) => {
    const id = JSON.parse(await textOf(teacherId))[0].reviews[0].id as number;
    await ctx.h.conn.collection('reviews').updateOne({ id }, { $set: { 'pub.text_rating': text } });
  };

  it("a teacher's lists: served as read until they age, then at once while they are read again", async () => {
    const teacherId = (await ctx.h.conn.collection('reviews').findOne({ visible: true }))!.teacherId as number;
    const t0 = Date.now();
    clockAt(t0);
    const before = await textOf(teacherId);
    await changeBehind('Changed behind the figures', teacherId);

    clockAt(t0 + TEACHER_LISTS_REFRESH_AFTER_MS - 1000);
    expect(await textOf(teacherId)).toBe(before);
    clockAt(t0 + TEACHER_LISTS_REFRESH_AFTER_MS + 1000);
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

describe('what stale lists a stopped writer leaves, and who announces them', () => {
  const ctx = useLists();

  const textOf = async (teacherId: number) => (await ctx.lists.lists(20, teacherId)).answer.text;

  it("another process's start has this one read a teacher's lists again (the replacement of a writer stopped before its `rev`)", async () => {
    const teacherId = (await ctx.h.conn.collection('reviews').findOne({ visible: true }))!.teacherId as number;
    const before = await textOf(teacherId);
    const id = JSON.parse(before)[0].reviews[0].id as number;
    // A vote's write that landed, its `rev` never moved: the process stopped in between.
    await ctx.h.conn.collection('reviews').updateOne({ id }, { $set: { 'pub.text_rating': 'Left by a stopped writer' } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await textOf(teacherId)).toBe(before);
    await ctx.h.startWorker(); // its start moves the catalogue's version
    let after = before;
    for (let i = 0; i < 40 && !after.includes('Left by a stopped writer'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await textOf(teacherId);
    }
    expect(after).toContain('Left by a stopped writer');
    await ctx.h.stopWorker();
  });

  it('a `rev` move that failed after its write is owed, and retried until it lands', async () => {
    const stats = ctx.h.api.app.get(TeacherStatsStore);
    const teacherId = (await ctx.h.conn.collection('reviews').findOne({ visible: true }))!.teacherId as number;
    const revOf = async () => ((await ctx.h.conn.collection('teacher_stats').findOne({ _id: teacherId as never }))?.rev as number) ?? 0;
    const rev = await revOf();
    // The store's own collection of figures fails its next writes (the database went away after the vote's write).
    const docs = (stats as unknown as { docs: { updateOne(): Promise<unknown> } }).docs;
    const failing = jest.spyOn(docs, 'updateOne').mockRejectedValue(new Error('the database went away'));
    await expect(stats.revised(teacherId)).rejects.toThrow('the database went away');
    expect(stats.owedMoves.get(teacherId)).toEqual({ rev: 1, crev: 1 });
    expect(await revOf()).toBe(rev);
    failing.mockRestore();
    const started = Date.now();
    while ((await revOf()) === rev && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await revOf()).toBe(rev + 1);
    expect(stats.owedMoves.size).toBe(0);
  });
});
