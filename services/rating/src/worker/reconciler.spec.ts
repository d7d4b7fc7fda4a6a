import { MetricsRegistry } from '@pupitre/server-kit';
import { type ClassBreakdowns } from './breakdown/class-breakdowns';
import { Reconciler } from './reconciler';
import { type RetentionSweep } from './retention/retention-sweep';

// The reconciler's steps are independent: the retention sweep failing (or still running) stops none of the others.
describe('Reconciler steps', () => {
  const make = (retention: Partial<RetentionSweep>) => {
    const calls: string[] = [];
    const metrics = new MetricsRegistry('rating-worker');
    const reconciler = new Reconciler(
      {
        reconcile: async () => (calls.push('tasks'), { published: 0, done: 0, failed: 0 }),
        releaseDue: async () => (calls.push('release'), 0),
      } as never,
      { relay: async () => void calls.push('relay') } as never,
      { refreshIfDue: async () => (calls.push('transparency'), false) } as never,
      { claim: async () => true } as never,
      { freezeIfDue: async () => (calls.push('breakdowns'), 0) } as unknown as ClassBreakdowns,
      { stop: () => undefined, ...retention } as RetentionSweep,
      { RECONCILE_GRACE: 60_000, RECONCILE_INTERVAL: 30_000 } as never,
      metrics,
    );
    return { reconciler, calls, metrics };
  };
  const failures = async (metrics: MetricsRegistry, step: string) =>
    (await metrics.registry.getSingleMetricAsString('rating_reconcile_failures_total'))
      .split('\n')
      .find((l) => l.includes(`step="${step}"`))
      ?.split(' ')
      .pop();

  it('runs every other step when the retention sweep throws, and counts its failure', async () => {
    let attempted = 0;
    const { reconciler, calls, metrics } = make({
      runIfDue: async () => {
        attempted++;
        throw new Error('database away');
      },
    });
    await reconciler.run();
    await reconciler.onModuleDestroy(); // waits for the sweep started by the pass
    expect(calls).toEqual(['tasks', 'release', 'relay', 'breakdowns', 'transparency']);
    expect(attempted).toBe(1);
    expect(await failures(metrics, 'retention')).toBe('1');
  });

  it('does not wait for a long sweep: passes go on, and one sweep runs at a time', async () => {
    let release!: () => void;
    let started = 0;
    const { reconciler, calls } = make({
      runIfDue: () => {
        started++;
        return new Promise((resolve) => (release = () => resolve(null)));
      },
    });
    await reconciler.run();
    await reconciler.run();
    expect(calls.filter((c) => c === 'release')).toHaveLength(2);
    expect(started).toBe(1);
    release();
    await reconciler.onModuleDestroy();
    await reconciler.run();
    expect(started).toBe(2);
    release();
    await reconciler.onModuleDestroy();
  });
});
