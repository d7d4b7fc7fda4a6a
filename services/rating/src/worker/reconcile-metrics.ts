import { type MetricsRegistry } from '@pupitre/server-kit';
import { Counter } from 'prom-client';

/**
 * `rating_reconcile_failures_total{step}`: a reconciler step that threw (release, tasks, relay, breakdowns, transparency), and
 * `step="task"`: an overdue task whose attempt failed (it is retried with back-off; the moderators' health lists it).
 */
export function reconcileFailures(metrics: MetricsRegistry): Counter<'step'> {
  const name = 'rating_reconcile_failures_total';
  const known = metrics.registry.getSingleMetric(name);
  if (known) return known as Counter<'step'>;
  return new Counter({
    name,
    help: 'Reconciler failures: a step that threw, or (step="task") an overdue task whose attempt failed',
    labelNames: ['step'],
    registers: [metrics.registry],
  });
}
