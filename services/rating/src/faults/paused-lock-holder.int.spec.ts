// A worker frozen (SIGSTOP) in the middle of a publication, while it holds the review's lease, and
// resumed past the lease's end (data/leases.ts): meanwhile its author edits the review (the lease
// has expired, the edit gets a newer fencing token); once resumed, the frozen worker confirms its
// lease before writing, finds it lost and writes nothing. Without the fence, its stale
// "published v1" would overwrite the edit: a lost update.
import { ClientLog } from '../testing/cluster/client-log';
import { Clients, coursesOf } from '../testing/cluster/clients';
import { pauseWhen, publicationJobs } from '../testing/cluster/pause';
import { useRatingCluster } from '../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../testing/cluster/settled';

jest.setTimeout(120_000);

describe('a worker paused (SIGSTOP) while it holds a review lock', () => {
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

  it("frozen past its lease, the holder writes nothing: the author's edit made meanwhile is neither lost nor counted twice", async () => {
    const { cluster } = it_;
    const clients = new Clients(cluster, new ClientLog(cluster.validationDelayMs));
    const [course] = await coursesOf(cluster, 2).then((c) => c.slice(1));
    const jobs = publicationJobs(cluster);
    try {
      const created = await clients.create('fenced-author', course, { tot: 3 });
      expect(created.status).toBe(201);
      const id = (created.json as { id: number }).id;
      cluster.db.pause(); // the job takes the lease, then blocks on its first read
      await pauseWhen(cluster.workers[0], async () => (await jobs.active('publish-review')).length > 0);
      cluster.db.resume();
      await new Promise((r) => setTimeout(r, 11_000)); // past the 10 s lease: nobody renews it
      // The author edits meanwhile: the expired lease is taken again, with a newer fencing token.
      expect((await clients.edit(id, 9)).status).toBe(200);
      cluster.workers[0].resume(); // it reads the stale version 1, decides "published", confirms its lease: lost
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
