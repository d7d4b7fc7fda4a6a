// A worker frozen (SIGSTOP) in the middle of a publication, while it holds the review's lock, and
// resumed later. The lock design is changing (issue #14): the lead completes the scenario below;
// this file provides it with the harness (pauseWhen, publicationJobs, ManagedProcess.pause/resume).
import { ClientLog } from '../testing/cluster/client-log';
import { Clients, coursesOf } from '../testing/cluster/clients';
import { pauseWhen, publicationJobs } from '../testing/cluster/pause';
import { useRatingCluster } from '../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../testing/cluster/settled';

jest.setTimeout(120_000);

describe('a worker paused (SIGSTOP) while it holds a review lock', () => {
  // Validated at its time (no lead), 3 s after the create: time to freeze the database first.
  const it_ = useRatingCluster({ apis: 1, workers: 2, validationDelayMs: 3000, apiEnv: { PUBLICATION_LEAD: '0' }, workerEnv: { PUBLICATION_LEAD: '0' } });
  beforeAll(() => it_.cluster.workers[1].stop()); // the first worker takes the job; the second is the lead's to start

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
      expect({ workerRunning: cluster.workers[0].running, active: (await jobs.active('publish-review')).length }).toEqual({ workerRunning: false, active: 1 });

      cluster.workers[0].resume();
      expect(await problemsOnceSettled(cluster, clients, { teachers: [course.teacher], users: ['paused-author'] })).toEqual([]);
    } finally {
      cluster.db.resume();
      await jobs.close();
    }
  });

  it.todo(
    '(#14, lead) while the lock holder is frozen past its lease, the other worker (cluster.workers[1].start()) publishes the review; ' +
      'once the holder is resumed nothing is counted or listed twice (problemsOnceSettled is empty)',
  );
});
