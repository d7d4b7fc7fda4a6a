// Faults in the middle of a burst of creates, votes, favourites and publications, on the real
// bundles (two APIs, one worker): the worker is killed (-9) and restarted, then an API, then the
// database. Afterwards every acknowledged write is there exactly once and public after its delay,
// nothing without an answer is half-done, and every public page is right within a few seconds.
import { burstScenario, hold } from '../testing/cluster/burst';
import { useRatingCluster } from '../testing/cluster/rating-cluster';
import { problemsOnceSettled } from '../testing/cluster/settled';

jest.setTimeout(120_000);

describe('kill -9 of the worker, an API and the database during a burst', () => {
  const it_ = useRatingCluster({ apis: 2, workers: 1 });

  it('loses no acknowledged write, leaves nothing half-done, and the pages are right again', async () => {
    const { cluster } = it_;
    const { clients, scope, start } = await burstScenario(cluster, 'fault-user');
    const burst = start();
    const [worker, api] = [cluster.workers[0], cluster.apis[0]];
    await hold(1500);
    await worker.kill();
    await hold(1500);
    await worker.start();
    await hold(1000);
    await api.kill();
    await hold(1500);
    await api.start();
    await hold(1000);
    await cluster.db.kill();
    await hold(2000);
    await cluster.db.start();
    const databaseBack = Date.now();
    await cluster.ready();
    await hold(2000);
    await burst.stop();

    const afterRestart = [...clients.log.created.values()].filter((c) => c.ackAt > databaseBack).length;
    expect({ acknowledged: clients.log.created.size > 10, afterTheDatabaseCameBack: afterRestart > 0 }).toEqual({ acknowledged: true, afterTheDatabaseCameBack: true });
    const problems = await problemsOnceSettled(cluster, clients, scope);
    clients.printTally();
    expect(problems).toEqual([]);
  });
});
