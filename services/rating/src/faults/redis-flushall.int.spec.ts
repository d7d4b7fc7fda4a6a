// Redis loses everything (FLUSHALL) in the middle of a burst of creates, votes, favourites and
// publications on the real bundles (two APIs, one worker): queued publication jobs, the reconciler's
// schedule, cache generations and locks are gone. The database is the source of truth: every
// acknowledged review is still public after its delay, every public page is right within a few
// seconds, and so is every later change (votes after the burst, when no publication is due to
// refresh the pages by its instant).
import { burstScenario } from '../../testing/cluster/burst';
import { useRatingCluster } from '../../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../../testing/cluster/settled';

jest.setTimeout(120_000);

describe('FLUSHALL of Redis during a burst', () => {
  const it_ = useRatingCluster({ apis: 2, workers: 1 });

  it('loses no acknowledged write and the pages are right again within seconds', async () => {
    const { cluster } = it_;
    const { clients, scope, users, targets, start } = await burstScenario(cluster, 'flush-user');
    const burst = start();
    // Creates acknowledged before and after the flush (a share of the burst, however fast the machine).
    const creates = { path: /\/api\/rating\/0$/, status: (status: number) => status === 201 };
    await clients.moreAnswers(8, creates);
    await cluster.flushRedis();
    await clients.moreAnswers(8, creates);
    await burst.stop();
    expect(clients.log.created.size).toBeGreaterThanOrEqual(16);
    expect(await problemsOnceSettled(cluster, clients, scope)).toEqual([]);

    // Later votes through one API (no publication instant comes to refresh the pages): every API
    // shows them within seconds.
    await Promise.all(users.map((user, u) => clients.vote(user, targets[(u + 1) % targets.length], true, cluster.apiUrls[0])));
    const problems = await problemsOnceSettled(cluster, clients, scope);
    clients.printTally();
    expect(problems).toEqual([]);
  });
});
