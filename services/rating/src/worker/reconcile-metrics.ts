import { type MetricsRegistry } from '@pupitre/server-kit';
import { Counter } from 'prom-client';

/**
 * `rating_reconcile_failures_total{step}`: a reconciler step that threw (release, tasks, relay, breakdowns, transparency, retention), and
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

/**
 * `rating_retention_removed_total{what}`: what the retention sweep deleted past its period (worker/retention): `reports`
 * (decided reports), `moderation_actions`, `moderation_reads`, `detached_reviews`.
 */
export function retentionRemoved(metrics: MetricsRegistry): Counter<'what'> {
  const name = 'rating_retention_removed_total';
  const known = metrics.registry.getSingleMetric(name);
  if (known) return known as Counter<'what'>;
  return new Counter({
    name,
    help: 'Records deleted by the retention sweep past their retention period (docs/security/retention.md), by kind',
    labelNames: ['what'],
    registers: [metrics.registry],
  });
}
