// A worker frozen (SIGSTOP) in the middle of a publication, after it read the review: meanwhile its
// author edits the review; once resumed, the frozen worker's write of its stale decision carries
// the version it read in its filter (data/review-store.ts), matches nothing, and it reads the review
// again: version 2 is not the one its job was for, so it writes nothing. Without the version in the
// filter, its stale "published v1" would overwrite the edit: a lost update.
import { ClientLog } from '../../testing/cluster/client-log';
import { Clients, coursesOf } from '../../testing/cluster/clients';
import { databaseExchange, pauseWhen, publicationJobs, until } from '../../testing/cluster/pause';
import { useRatingCluster } from '../../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../../testing/cluster/settled';

jest.setTimeout(120_000);

describe('a worker paused (SIGSTOP) in the middle of a publication', () => {
  // Validated at its time (no lead), 3 s after the create: time to freeze the database first.
  const it_ = useRatingCluster({ apis: 1, workers: 1, validationDelayMs: 3000 });

  it('harness: freezes the worker inside its publish-review job, and the job finishes once it is resumed', async () => {
    const { cluster } = it_;
    const clients = new Clients(cluster, new ClientLog(cluster.validationDelayMs));
    const [course] = await coursesOf(cluster, 1);
    const jobs = publicationJobs(cluster);
    try {
      expect((await clients.create('paused-author', course)).status).toBe(201);
      cluster.db.pause(); // the job, when it starts, blocks on its first database operation
      await pauseWhen(cluster.workers[0], async () => (await jobs.active('publish-review')).length > 0);
      cluster.db.resume();
      expect({ workerRunning: cluster.workers[0].running, active: (await jobs.active('publish-review')).length }).toEqual({
        workerRunning: false,
        active: 1,
      });

      cluster.workers[0].resume();
      expect(await problemsOnceSettled(cluster, clients, { teachers: [course.teacher], users: ['paused-author'] })).toEqual([]);
    } finally {
      cluster.db.resume();
      await jobs.close();
    }
  });

  it("once resumed, the frozen writer writes nothing stale: the author's edit made meanwhile is neither lost nor counted twice", async () => {
    const { cluster } = it_;
    const clients = new Clients(cluster, new ClientLog(cluster.validationDelayMs));
    const [course] = await coursesOf(cluster, 2).then((c) => c.slice(1));
    const jobs = publicationJobs(cluster);
    try {
      const created = await clients.create('fenced-author', course, { tot: 3 });
      expect(created.status).toBe(201);
      const id = (created.json as { id: number }).id;
      const [worker, dbPort] = [cluster.workers[0], Number(new URL(cluster.mongoUri).port)];
      cluster.db.pause(); // the job blocks on its first read: the review, sent and not read by the database
      await pauseWhen(worker, async () => (await jobs.active('publish-review')).length > 0 && databaseExchange(worker.pid!, dbPort).sent);
      cluster.db.resume();
      // Its read has been answered (the answer waits, unread, in the frozen worker's socket): it holds version 1.
      await until(() => databaseExchange(worker.pid!, dbPort).answered, "the database's answer to the frozen worker");
      // The author edits meanwhile: the document moves to version 2 (nothing waits for the frozen worker).
      expect((await clients.edit(id, 9)).status).toBe(200);
      cluster.workers[0].resume(); // it decides "published v1" on what it read: its write matches nothing
      expect(await problemsOnceSettled(cluster, clients, { teachers: [course.teacher], users: ['fenced-author'] })).toEqual([]);
      const doc = await cluster.documents().collection('reviews').findOne({ id });
      expect(doc).toMatchObject({
        version: 2,
        status: 'published',
        tot_rating: 9,
        pub: expect.objectContaining({ version: 2, tot_rating: 9 }),
      });
    } finally {
      cluster.db.resume();
      await jobs.close();
    }
  });
});
