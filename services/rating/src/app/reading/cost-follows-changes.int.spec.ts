// Issue #40, item 4: what each API process reads to keep current grows with the changes, not with the teachers, the
// reviews or the processes. Against the real database, with a second process (a second app, or a second figures feed on
// its own connection whose reads are counted from the driver's command monitoring).
import { request, startTestApp, type TestApp } from '@pupitre/server-kit/testing';
import { MongoClient } from 'mongodb';
import { type Harness, startHarness, teachersOf } from '../../../testing/rating-harness';
import { ReadMeter } from '../../../testing/read-meter';
import { ratingAppOptions } from '../app-options';
import { AppModule } from '../app.module';
import { CHANGE_GRACE_MS, FiguresFeed } from '../data/figures-feed';
import { reviewOid } from '../data/keys';
import { FIGURES_MAX_AGE_MS, TeacherStatsStore } from '../data/teacher-stats-store';
import { withDerived } from '../reviews/list-keys';
import { newReview, published, type ReviewDoc } from '../reviews/review';
import { MAX_LIMIT, PublicLists } from './public-lists';

jest.setTimeout(90_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A public review written on `date`, with `up` of `total` relatable votes (not in `votes`: a vote recounts from there). */
function review(id: number, teacherId: number, subjectId: number, tot: number, date: string, up: number, total: number): ReviewDoc {
  const at = new Date(date);
  const content = { teacherId, subjectId, year: 3, tot_rating: tot, grades: {}, flags: {}, text_rating: 'ok' };
  const written = { ...newReview(id, reviewOid(id), `filler-${id}`, content, at, at), fence: 0 };
  return withDerived({ ...published(written, at), relUp: up, relTotal: total });
}

describe('the cost of keeping current follows the changes', () => {
  let h: Harness;
  let b: TestApp;
  let client: MongoClient;
  let meter: ReadMeter;
  let feed: FiguresFeed;
  let x: number; // the teacher voted on
  let target: number; // a review of his in no community list, and staying out of them

  beforeAll(async () => {
    h = await startHarness(__filename);
    const teachers = await teachersOf(h.conn);
    x = teachers[0].id;
    const subject = teachers[0].subjectIds[0];
    // Enough public reviews that each community list is full (MAX_LIMIT and its margin) above the target: 70 rated 10 and 70
    // rated 0 in 2024, all voted on; the target rated 5 in 2020, voted down.
    const fillers = Array.from({ length: 140 }, (_, i) =>
      review(900_001 + i, x, subject, i < 70 ? 10 : 0, `2024-0${1 + (i % 9)}-1${i % 10}T10:00:00Z`, 20, 20),
    );
    target = 900_500;
    await h.conn.collection('reviews').insertMany([...fillers, review(target, x, subject, 5, '2020-01-15T10:00:00Z', 0, 30)] as never[]);
    b = await startTestApp(AppModule.forRoot(h.apiConfig), ratingAppOptions(h.apiConfig));
    client = await new MongoClient(h.apiConfig.MONGODB_URI, { monitorCommands: true }).connect();
    meter = new ReadMeter(client);
    feed = new FiguresFeed(client.db(h.apiConfig.MONGODB_DB).collection('teacher_stats'));
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await b?.close();
    await client?.close();
    await h?.close();
  });

  const vote = async (id: number, who: string) =>
    request(h.api.url)
      .post(`/api/relatable/${id}`)
      .set(await h.auth(who))
      .send({ value: true })
      .expect(200);

  it('(a) at idle, a look reads no document, by an index', async () => {
    const first = await feed.look();
    expect(first.stats.size).toBeGreaterThan(10); // the first look: every teacher's listed figures
    expect(meter.of('teacher_stats').documents).toBe(first.stats.size);
    await sleep(CHANGE_GRACE_MS + 500); // what changed last (the seed) is settled
    meter.reset();
    const idle = await feed.look();
    expect(idle.stats).toBe(first.stats);
    expect(meter.of('teacher_stats')).toMatchObject({ commands: 1, documents: 0 });
    const [filter] = meter.of('teacher_stats').filters;
    expect(Object.keys(filter)).toEqual(['changedAt']);
    const plan = JSON.stringify(
      await client.db(h.apiConfig.MONGODB_DB).command({ explain: { find: 'teacher_stats', filter }, verbosity: 'queryPlanner' }),
    );
    expect(plan).toContain('IXSCAN');
    expect(plan).toContain('changedAt_1');
    expect(plan).not.toContain('COLLSCAN');
  });

  it("(b) a change of one teacher's figures shows in another process within 2 s, and it reads no other teacher", async () => {
    const before = (await feed.look()).stats.get(x)!;
    meter.reset();
    const votedAt = Date.now();
    await vote(target, 'voter-b'); // by the harness's API: another process than this feed
    let seen = before;
    while (seen.rev === before.rev && Date.now() - votedAt < 2000) {
      await sleep(100);
      seen = (await feed.look()).stats.get(x)!;
    }
    expect(seen.rev).toBe(before.rev + 1);
    expect(Date.now() - votedAt).toBeLessThan(2000);
    const read = meter.of('teacher_stats');
    expect(read.ids.length).toBeGreaterThan(0);
    expect(new Set(read.ids)).toEqual(new Set([x]));
    expect(read.bytes / read.ids.length).toBeLessThan(400); // his listed figures only: no map, no distribution
  });

  it('(c) a vote on a review in no community list does not make any process read the lists again; one on a listed review does', async () => {
    const lists = [h.api, b].map((app) => app.app.get(PublicLists));
    const community = async (app: TestApp) =>
      (await request(app.url).get('/api/rating/community').query({ limit: MAX_LIMIT }).expect(200)).body;
    await sleep(FIGURES_MAX_AGE_MS + 100);
    for (const app of [h.api, b]) await community(app); // each process holds its lists (and the judge its cut-offs)
    const reads = lists.map((l) => jest.spyOn(l as never as { read: () => unknown }, 'read'));
    await vote(target, 'voter-c');
    for (let i = 0; i < 3; i++) {
      await sleep(FIGURES_MAX_AGE_MS / 2 + 100); // every process has looked at the figures again meanwhile
      for (const app of [h.api, b]) await community(app);
    }
    expect(reads.map((r) => r.mock.calls.length)).toEqual([0, 0]);

    type Block = { title: string; reviews: { id: number; relatable_count: number }[] };
    const relevant = (await community(b)).find((block: Block) => block.title === 'relevant') as Block;
    const listed = relevant.reviews[0];
    const shown = (body: Block[]) => body.flatMap((block) => block.reviews ?? []).find((r) => r.id === listed.id);
    const votedAt = Date.now();
    const after = (await vote(listed.id, 'voter-d')).body.relatable_count as number;
    expect(after).not.toBe(listed.relatable_count);
    let count = listed.relatable_count;
    while (count !== after && Date.now() - votedAt < 2000) {
      await sleep(100);
      count = shown(await community(b))!.relatable_count;
    }
    expect(count).toBe(after);
    expect(reads[1].mock.calls.length).toBeGreaterThan(0);
  });

  it('(d) every limit is cut from one cached page: two limits read the lists once', async () => {
    const lists = h.api.app.get(PublicLists);
    await sleep(FIGURES_MAX_AGE_MS + 100);
    await request(h.api.url).get('/api/rating/community').expect(200); // current
    const read = jest.spyOn(lists as never as { read: () => unknown }, 'read');
    const five = (await request(h.api.url).get('/api/rating/community').query({ limit: 5 }).expect(200)).body;
    const many = (await request(h.api.url).get('/api/rating/community').query({ limit: 37 }).expect(200)).body;
    expect(read).not.toHaveBeenCalled();
    expect((lists as never as { community: { size: number } }).community.size).toBe(1);
    // The same answer as a read with that limit: each category cut to it.
    const cut = (body: { title?: string; reviews?: unknown[] }[], n: number) =>
      body.slice(0, -1).map((block) => ({ ...block, reviews: block.reviews!.slice(0, n) }));
    expect(five.slice(0, -1)).toEqual(cut(many, 5));
    expect(Object.keys(five.at(-1)).length).toBeLessThan(Object.keys(many.at(-1)).length);
    // A teacher's lists: two sizes only (teacherPageSize), each limit up to the usual one cut from one page.
    const teacher = (limit: number) => request(h.api.url).get(`/api/teacher/${x}/reviews`).query({ limit }).expect(200);
    const before = read.mock.calls.length;
    const t1 = (await teacher(3)).body;
    const t2 = (await teacher(h.apiConfig.COMMUNITY_PER_CATEGORY)).body;
    expect(read.mock.calls.length - before).toBeLessThanOrEqual(1);
    expect(t1.slice(0, -1)).toEqual(cut(t2, 3));
  });

  it('(e) a transaction committed long after its stamp, while other changes went by, shows in another process within 2 s of its commit', async () => {
    const db = client.db(h.apiConfig.MONGODB_DB);
    const teachers = await teachersOf(h.conn);
    const [late, other] = [teachers[1].id, teachers[2].id];
    // A writer whose transaction stalls after stamping the figures (frozen, or slow to commit), until `commit()`.
    let stamped!: () => void;
    const stampedNow = new Promise<void>((resolve) => (stamped = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const docs = db.collection('teacher_stats');
    const stalling = new Proxy(docs, {
      get(target, key) {
        if (key === 'updateOne')
          return async (...args: Parameters<typeof docs.updateOne>) => {
            const result = await target.updateOne(...args);
            if (args[2]?.session) {
              stamped();
              await committing;
            }
            return result;
          };
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const writer = new TeacherStatsStore(stalling as never, client);
    const before = (await feed.look()).stats.get(late)!;
    const revOfOther = async () => (await feed.look()).stats.get(other)?.rev ?? 0;
    const otherRev = await revOfOther();
    const publishedOne = review(900_900, late, teachers[1].subjectIds[0], 7, '2025-03-01T10:00:00Z', 0, 0);
    const writing = writer.withReviewWrite(null, publishedOne, async () => true);
    await stampedNow;
    // Meanwhile another teacher changes and is seen, and that look settles (CHANGE_GRACE_MS): the stalled stamp is behind it.
    await new TeacherStatsStore(docs as never, client).revised(other);
    for (let i = 0; i < 40 && (await revOfOther()) === otherRev; i++) await sleep(50);
    expect(await revOfOther()).toBe(otherRev + 1);
    await sleep(CHANGE_GRACE_MS + 500);
    let seen = (await feed.look()).stats.get(late)!.reviewCount;
    expect(seen).toBe(before.reviewCount);
    commit();
    expect(await writing).toBe(true);
    const committedAt = Date.now();
    while (seen === before.reviewCount && Date.now() - committedAt < 2000) {
      await sleep(100);
      seen = (await feed.look()).stats.get(late)!.reviewCount;
    }
    expect(seen).toBe(before.reviewCount + 1);
    expect(Date.now() - committedAt).toBeLessThan(2000);
    await new TeacherStatsStore(docs as never, client).withReviewWrite(publishedOne, null, async () => true); // as it was
  });
});
