// PublicLists' bounds in time when no figure moved (a process stopped between a review's write and the `rev` it moves, and
// never replaced): a teacher's lists read less than TEACHER_LISTS_REFRESH_AFTER_MS ago are served as they are; older ones are
// still served at once and read again in the background, so no reader waits for a list's age; the community's are kept as
// long while no review changed anywhere, and never served past LISTS_MAX_AGE_MS once one did. A start of any process (the
// replacement of one that stopped) has them all read again.
import { type Harness, startHarness } from '../../../testing/rating-harness';
import { TeacherStatsStore } from '../data/teacher-stats-store';
import { LISTS_MAX_AGE_MS, PublicLists, TEACHER_LISTS_MAX_AGE_MS, TEACHER_LISTS_REFRESH_AFTER_MS } from './public-lists';

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

/** A clock to move, the lists' text (a teacher's, or the community's), and a change of it behind the figures' back. */
function inTime(ctx: { h: Harness; lists: PublicLists }) {
  const clockAt = (ms: number) => jest.spyOn(Date, 'now').mockReturnValue(ms);
  const textOf = async (teacherId?: number) => (await ctx.lists.lists(20, teacherId)).answer.text;
  /** Changes the public text of the first review listed (no `rev` moves). */
  const changeBehind = async (text: string, teacherId?: number) => {
    const id = JSON.parse(await textOf(teacherId))[0].reviews[0].id as number;
    await ctx.h.conn.collection('reviews').updateOne({ id }, { $set: { 'pub.text_rating': text } });
  };
  return { clockAt, textOf, changeBehind };
}

describe('PublicLists in time', () => {
  const ctx = useLists();
  const { clockAt, textOf, changeBehind } = inTime(ctx);

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

  it("the community's lists while no review changed anywhere: kept past LISTS_MAX_AGE_MS (no process reads them again for time alone)", async () => {
    const t0 = Date.now();
    clockAt(t0);
    const before = await textOf();
    await changeBehind('Changed behind every figure');
    const read = jest.spyOn(ctx.lists as never as { read: () => unknown }, 'read');
    clockAt(t0 + LISTS_MAX_AGE_MS + 1000);
    expect(await textOf()).toBe(before);
    clockAt(t0 + TEACHER_LISTS_REFRESH_AFTER_MS - 1000);
    expect(await textOf()).toBe(before);
    expect(read).not.toHaveBeenCalled();
    clockAt(t0 + TEACHER_LISTS_MAX_AGE_MS + 1000); // the bound of a writer stopped before its `rev`, never replaced
    expect(await textOf()).toContain('Changed behind every figure');
  });
});

describe('PublicLists in time, once a review changed', () => {
  const ctx = useLists();
  const { clockAt, textOf, changeBehind } = inTime(ctx);

  it("the community's lists once a review changed anywhere: never served past LISTS_MAX_AGE_MS", async () => {
    const t0 = Date.now();
    clockAt(t0);
    await textOf();
    await changeBehind('Changed in the community');
    // Another process's vote somewhere, judged unable to change the community's lists: only a `rev` moves.
    const elsewhere = (await ctx.h.conn.collection('teacher_stats').findOne({}, { sort: { _id: -1 } }))!._id;
    await ctx.h.conn.collection('teacher_stats').updateOne({ _id: elsewhere }, { $inc: { rev: 1 }, $currentDate: { changedAt: true } });
    clockAt(t0 + LISTS_MAX_AGE_MS - 1000);
    expect(await textOf()).not.toContain('Changed in the community');
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

  it("a move of the catalogue's version (another process's start) has this one read every teacher's figures again (a change whose stamp no look will find)", async () => {
    const stats = ctx.h.api.app.get(TeacherStatsStore);
    const teacherId = (await ctx.h.conn.collection('reviews').findOne({ visible: true }))!.teacherId as number;
    const countOf = async () => (await stats.recent()).stats.get(teacherId)?.reviewCount;
    const before = await countOf();
    // Unstamped (`changedAt` set back): what a writer stopped between a late commit and its second stamp leaves.
    await ctx.h.conn
      .collection('teacher_stats')
      .updateOne({ _id: teacherId as never }, { $inc: { reviewCount: 1000 }, $set: { changedAt: new Date(0) } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await countOf()).toBe(before);
    // What a process's start does (DatabaseSetup); a worker's start would also stamp every teacher (its monthly breakdowns).
    await ctx.h.conn.collection('counters').updateOne({ _id: 'catalogue' as never }, { $inc: { seq: 1 } }, { upsert: true });
    let after = before;
    for (let i = 0; i < 40 && after === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await ctx.lists.lists(20); // a request: the catalogue is checked
      after = await countOf();
    }
    expect(after).toBe(before! + 1000);
    await ctx.h.conn.collection('teacher_stats').updateOne({ _id: teacherId as never }, { $inc: { reviewCount: -1000 } });
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
