// Two API processes and two workers (the real bundles) on one database and one Redis: votes (with
// changes and removals by the same users), favourites, reports, edits, publications and user
// erasures fired concurrently over both APIs. Once quiet, everything the API shows equals a
// recomputation from the source documents, and nothing a client was told is lost or doubled.
// Judged only by HTTP answers and documents (testing/ground-truth.ts).
import { prng } from '../seed/prng';
import { readGroundTruth } from '../../testing/ground-truth';
import { ClientLog } from '../../testing/cluster/client-log';
import { Clients, coursesOf, publicReviews } from '../../testing/cluster/clients';
import { call, inParallel, untilNoProblems } from '../../testing/cluster/http';
import { useRatingCluster } from '../../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../../testing/cluster/settled';

jest.setTimeout(120_000);

describe('two APIs and two workers under concurrent writes', () => {
  const it_ = useRatingCluster({ apis: 2, workers: 2 });

  it('shows counts and aggregates equal to the documents, nothing lost or doubled', async () => {
    const { cluster } = it_;
    const random = prng(20261123);
    const log = new ClientLog(cluster.validationDelayMs);
    const clients = new Clients(cluster, log);
    const db = cluster.documents();
    const courses = await coursesOf(cluster, 4);
    const { ids: demo, teachers: demoTeachers } = await publicReviews(cluster, 6);
    const users = Array.from({ length: 10 }, (_, i) => `cc-user-${i}`);
    const [erasedEarly, erasedLate] = [users.slice(8), users[7]];
    const voteValues = () => Array.from({ length: 1 + Math.floor(random() * 4) }, () => [true, false, null][Math.floor(random() * 3)]);

    // Phase 1: reviews created (two meant to be rejected), votes changed and removed, favourites
    // and reports on the demo's public reviews; two users erased while the others go on.
    const phase1 = (user: string, u: number) => [
      async () => {
        await clients.create(user, courses[u % courses.length], { year: u % 7, tot: u % 11, clean: u !== 3 });
        await clients.create(user, courses[(u + 1) % courses.length], { year: (u + 2) % 7, tot: (u * 3) % 11, clean: u !== 5 });
      },
      ...demo.map((id) => async () => {
        for (const value of voteValues()) await clients.vote(user, id, value);
      }),
      ...demo.slice(0, 3).map((id) => async () => {
        for (const value of [true, random() < 0.5, random() < 0.5]) await clients.favourite(user, id, value);
      }),
      async () => void (await clients.report(user, demo[u % demo.length])),
    ];
    const others = inParallel(
      users.filter((u) => !erasedEarly.includes(u)).flatMap((user) => phase1(user, users.indexOf(user))),
      16,
    );
    const erasing = inParallel(
      erasedEarly.flatMap((user) => phase1(user, users.indexOf(user))),
      4,
    ).then(() => Promise.all(erasedEarly.map((u) => clients.erase(u))));
    // The same report twice at once, through both APIs: one is taken, the other refused.
    const twin = Promise.all(cluster.apiUrls.map(() => clients.report(users[0], demo[5])));
    const [, , twins] = await Promise.all([others, erasing, twin]);
    expect(twins.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await clients.vote(erasedEarly[0], demo[0], true)).status).toBe(401); // their sessions ended

    // Phase 2, once the new reviews are public: votes and favourites on them, edits by their
    // authors (validated again), and an author erased.
    const shown = await untilNoProblems(async () => {
      const truth = await readGroundTruth(db);
      return [...log.created.values()].filter((c) => c.clean && !truth.shown.has(c.id)).map((c) => `review ${c.id} not public yet`);
    }, 15_000);
    expect(shown).toEqual([]);
    const created = [...log.created.values()].filter((c) => c.clean);
    const active = users.filter((u) => !erasedEarly.includes(u));
    const phase2 = (user: string) => [
      ...created
        .filter((c) => c.user !== user)
        .slice(0, 4)
        .map((c) => async () => {
          for (const value of voteValues()) await clients.vote(user, c.id, value);
        }),
      ...created.slice(0, 2).map((c) => async () => void (await clients.favourite(user, c.id, true))),
      ...created
        .filter((c) => c.user === user)
        .slice(0, 1)
        .map((c) => async () => void (await clients.edit(c.id, Math.floor(random() * 11)))),
    ];
    await Promise.all([
      inParallel(active.filter((u) => u !== erasedLate).flatMap(phase2), 16),
      inParallel(phase2(erasedLate), 4).then(() => clients.erase(erasedLate)),
    ]);

    // Quiet: every version due, then the pages must match the documents within a few seconds.
    const remaining = active.filter((u) => u !== erasedLate);
    const problems = await problemsOnceSettled(cluster, clients, {
      teachers: [...new Set([...courses.map((c) => c.teacher), ...demoTeachers])],
      users: remaining,
    });
    clients.printTally();
    expect(problems).toEqual([]);
    expect(log.created.size).toBe(20);
  });

  it("shows a vote made through one API in the other API's lists within 2 s, its caches warm", async () => {
    const { cluster } = it_;
    const [writer, reader] = cluster.apiUrls;
    const { ids, teachers } = await publicReviews(cluster, 1);
    const [id, teacher] = [ids[0], teachers[0]];
    const count = async (path: string) => {
      const blocks = ((await call(reader, 'GET', path)).json as { reviews: { id: number; relatable_count: number }[] }[]).slice(0, -1);
      return blocks.flatMap((b) => b.reviews).find((r) => r.id === id)?.relatable_count;
    };
    const paths = ['/api/rating/community?limit=50', `/api/teacher/${teacher}/reviews?limit=50`];
    const before = await Promise.all(paths.map(count)); // read, so both lists are in the reader's caches
    expect(before).toEqual([before[0], before[0]]);
    const voted = await new Clients(cluster, new ClientLog(cluster.validationDelayMs)).vote('replica-voter', id, true, writer);
    expect(voted.status).toBe(200);
    const started = Date.now();
    const stale = await untilNoProblems(
      async () => {
        const now = await Promise.all(paths.map(count));
        return paths.filter((_, i) => now[i] !== before[i]! + 1).map((path) => `${path}: still ${String(now[paths.indexOf(path)])}`);
      },
      5000,
      50,
    );
    expect(stale).toEqual([]);
    expect(Date.now() - started).toBeLessThanOrEqual(2000);
  });

  // Another process's write is visible in this one's public reads within 2 s, its caches warm: polled with a 2 s deadline, and
  // how long it took printed.
  const visibleWithin2s = async (what: string, stale: () => Promise<string[]>, since = Date.now()) => {
    const left = await untilNoProblems(stale, Math.max(0, 2000 - (Date.now() - since)), 25);
    const tookMs = Date.now() - since;
    process.stdout.write(`[staleness] ${what}: visible in the other API after ${tookMs} ms\n`);
    expect(left).toEqual([]);
    expect(tookMs).toBeLessThanOrEqual(2000);
  };

  it("shows a teacher added through one API in the other API's search and page within 2 s, its caches warm", async () => {
    const { cluster } = it_;
    const [writer, reader] = cluster.apiUrls;
    const [course] = await coursesOf(cluster, 1);
    const name = `Staleness ${Date.now().toString(36)}`;
    const search = `/api/teachers?query=${encodeURIComponent(name)}`;
    expect((await call(reader, 'GET', search)).json).toEqual([]); // read: the reader's catalogue is in its cache
    expect((await call(reader, 'GET', '/api/teachers/ranking')).status).toBe(200);
    const added = await call(writer, 'POST', '/api/admin/teachers', {
      headers: await cluster.bearer('staleness-admin', ['admin']),
      body: { prefix: 'M.', name, subjects: [course.subject] },
    });
    expect(added.status).toBe(201);
    const since = Date.now();
    const id = (added.json as { id: number }).id;
    await visibleWithin2s(
      'a teacher added',
      async () => {
        const [found, page] = await Promise.all([call(reader, 'GET', search), call(reader, 'GET', `/api/teacher/${id}`)]);
        return [
          ...((found.json as { id: number }[]).some((t) => t.id === id) ? [] : [`${search}: not listed`]),
          ...(page.status === 200 && (page.json as { name: string }).name === name ? [] : [`/api/teacher/${id}: ${page.status}`]),
        ];
      },
      since,
    );
  });

  it("shows a review published by a worker in the other API's lists and teacher page within 2 s of its publication", async () => {
    const { cluster } = it_;
    const [writer, reader] = cluster.apiUrls;
    const [course] = await coursesOf(cluster, 1);
    const db = cluster.documents();
    const lists = ['/api/rating/community?limit=50', `/api/teacher/${course.teacher}/reviews?limit=50`];
    const listed = async (path: string) =>
      ((await call(reader, 'GET', path)).json as { reviews: { id: number }[] }[])
        .slice(0, -1)
        .flatMap((b) => b.reviews)
        .map((r) => r.id);
    const count = async () => ((await call(reader, 'GET', `/api/teacher/${course.teacher}`)).json as { reviews: number }).reviews;
    const before = await count();
    await Promise.all(lists.map(listed)); // read, so the lists and the figures are in the reader's caches
    const created = await new Clients(cluster, new ClientLog(cluster.validationDelayMs)).create('staleness-author', course, {
      year: 6,
      api: writer,
    });
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    // The moment the worker made it public (its release), seen on the database.
    const deadline = Date.now() + cluster.validationDelayMs + 15_000;
    while (!(await db.collection('reviews').findOne({ id, visible: true }))) {
      if (Date.now() > deadline) throw new Error(`review ${id} not public on the database`);
      await new Promise((r) => setTimeout(r, 10));
    }
    const since = Date.now();
    await visibleWithin2s(
      'a review published',
      async () => {
        const [[community, teacherList], shown] = await Promise.all([Promise.all(lists.map(listed)), count()]);
        return [
          ...[community, teacherList].flatMap((ids, i) => (ids.includes(id) ? [] : [`${lists[i]}: review ${id} not listed`])),
          ...(shown === before + 1 ? [] : [`/api/teacher/${course.teacher}: ${shown} reviews, ${before + 1} expected`]),
        ];
      },
      since,
    );
  });
});
