import { type TransparencyMonth } from '@pupitre/contracts';
import { type ReviewDoc } from '../reviews/review';

/** How many calendar months the page shows (the current one included). */
export const TRANSPARENCY_MONTHS = 12;

const monthOf = (date: Date | string | null | undefined): string | null => (date ? new Date(date).toISOString().slice(0, 7) : null);

/** The `count` months (UTC, `YYYY-MM`) up to `now`'s, oldest first. */
export function lastMonths(now: Date, count = TRANSPARENCY_MONTHS): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back--)
    months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7));
  return months;
}

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

type Doc = Pick<ReviewDoc, 'firstPublishedAt' | 'pub' | 'history' | 'reports'>;

/** The only fields monthlyFigures reads: the hourly pass over every review reads these (no text, no voters). */
export const FIGURES_PROJECTION = {
  _id: 0,
  firstPublishedAt: 1,
  'pub.publishedAt': 1,
  history: 1,
  'reports.at': 1,
  'reports.outcome': 1,
  'reports.decidedAt': 1,
} as const;

/** Per month: first publications, holds and removals (`history`), reports received and decided, and the median wait for a decision; one pass over a cursor, keeping only the counters. */
export async function monthlyFigures(docs: Iterable<Doc> | AsyncIterable<Doc>, now: Date): Promise<TransparencyMonth[]> {
  const months = lastMonths(now);
  const rows = new Map(
    months.map((month) => [
      month,
      { month, published: 0, held: 0, removed: 0, reports: 0, reports_kept: 0, reports_removed: 0, waits: [] as number[] },
    ]),
  );
  const at = (date: Date | string | null | undefined) => {
    const month = monthOf(date);
    return month ? rows.get(month) : undefined;
  };
  for await (const doc of docs) {
    const published = at(doc.firstPublishedAt ?? doc.pub?.publishedAt);
    if (published) published.published++;
    for (const event of doc.history ?? []) {
      const row = at(event.at);
      if (!row) continue;
      if (event.kind === 'held') row.held++;
      else if (event.kind === 'removed') row.removed++;
      else if (event.kind === 'decided' && typeof event.waitedMs === 'number') row.waits.push(event.waitedMs);
    }
    for (const report of doc.reports ?? []) {
      const sent = at(report.at);
      if (sent) sent.reports++;
      if (report.outcome === 'open' || !report.decidedAt) continue;
      const decided = at(report.decidedAt);
      if (!decided) continue;
      if (report.outcome === 'kept') decided.reports_kept++;
      else decided.reports_removed++;
      decided.waits.push(new Date(report.decidedAt).getTime() - new Date(report.at).getTime());
    }
  }
  return months.map((month) => {
    const { waits, ...row } = rows.get(month)!;
    const wait = median(waits);
    return { ...row, median_hours_to_decision: wait === null ? null : Math.round(wait / 360_000) / 10 };
  });
}
