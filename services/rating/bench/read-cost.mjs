// What the rating APIs make the database read, from PostgreSQL's own counters under DocumentDB: per collection of the
// bench's database, the rows its table answered (sequential reads and fetches by index) and the 8 KiB blocks it touched
// (`pg_stat_user_tables`, `pg_statio_user_tables`). Used by api-bench.mjs's `cost` phase (BENCH_API_PROCESSES): one API
// against many, idle and under the same load.
import autocannon from 'autocannon';
import { documentdbQuery } from '../../../infra/local/lib/documentdb.mjs';

/** A backend flushes its counters at the end of a transaction at most once a second, else within 10 s once idle. */
const STATS_FLUSH_MS = 11_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Per collection of `dbName`: rows read and blocks touched since the cluster started. */
export function tableCounters(dataDir, dbName) {
  const rows = documentdbQuery(
    dataDir,
    `SELECT c.collection_name,
            coalesce(s.seq_tup_read, 0) + coalesce(s.idx_tup_fetch, 0),
            coalesce(io.heap_blks_hit, 0) + coalesce(io.heap_blks_read, 0) + coalesce(io.idx_blks_hit, 0)
              + coalesce(io.idx_blks_read, 0) + coalesce(io.toast_blks_hit, 0) + coalesce(io.toast_blks_read, 0)
       FROM documentdb_api_catalog.collections c
       JOIN pg_stat_user_tables s ON s.schemaname = 'documentdb_data' AND s.relname = 'documents_' || c.collection_id
       JOIN pg_statio_user_tables io ON io.relid = s.relid
      WHERE c.database_name = '${dbName.replace(/'/g, '')}'`,
  );
  return new Map(rows.map(([name, tuples, blocks]) => [name, { rows: Number(tuples), blocks: Number(blocks) }]));
}

const minus = (after, before) =>
  new Map(
    [...after].map(([name, a]) => {
      const b = before.get(name) ?? { rows: 0, blocks: 0 };
      return [name, { rows: a.rows - b.rows, blocks: a.blocks - b.blocks }];
    }),
  );

/**
 * One measure: the counters before, `seconds` of load over `urls` (none: idle) — `reads` requests at `connections`
 * (`readsPerSecond` a second in all when given: the same load whatever the number of APIs), and votes at `votesPerSecond` —,
 * then the counters once every backend flushed them. Rates per second of the window, and rows per request.
 */
export async function measureReadCost({
  dataDir,
  dbName,
  label,
  urls,
  seconds,
  reads,
  readsPerSecond,
  connections = 20,
  votes,
  votesPerSecond = 0,
}) {
  const before = tableCounters(dataDir, dbName);
  await sleep(0);
  const runs = [];
  const rate = readsPerSecond ? { overallRate: readsPerSecond } : {};
  if (reads) runs.push(autocannon({ url: urls, connections, duration: seconds, pipelining: 1, requests: [reads], ...rate }));
  if (votes && votesPerSecond > 0)
    runs.push(autocannon({ url: urls, connections: 4, overallRate: votesPerSecond, duration: seconds, pipelining: 1, requests: [votes] }));
  const results = runs.length ? await Promise.all(runs) : (await sleep(seconds * 1000), []);
  await sleep(STATS_FLUSH_MS);
  const delta = minus(tableCounters(dataDir, dbName), before);
  const total = [...delta.values()].reduce((s, d) => ({ rows: s.rows + d.rows, blocks: s.blocks + d.blocks }), { rows: 0, blocks: 0 });
  const per = (n) => Math.round(n / seconds);
  return {
    label,
    processes: urls.length,
    seconds,
    requestsPerSecond: results.map((r) => Math.round(r.requests.average)),
    non2xx: results.reduce((s, r) => s + r.non2xx, 0),
    rowsPerSecond: per(total.rows),
    kibPerSecond: per(total.blocks * 8),
    rowsPerSecondPerProcess: Math.round(total.rows / seconds / urls.length),
    rowsPerRequest: results.length ? +(total.rows / results.reduce((n, r) => n + r.requests.total, 0)).toFixed(1) : null,
    byCollection: Object.fromEntries(
      [...delta]
        .filter(([, d]) => d.rows > 0 || d.blocks > 0)
        .sort((a, b) => b[1].rows - a[1].rows)
        .map(([name, d]) => [name, { rowsPerSecond: per(d.rows), kibPerSecond: per(d.blocks * 8) }]),
    ),
  };
}

/** The rows of a cost report, one line per measure. */
export function costLines(measures) {
  return measures.map(
    (m) =>
      `${m.label.padEnd(28)} ${String(m.processes).padStart(3)} APIs: ${String(m.rowsPerSecond).padStart(8)} rows/s, ${String(m.kibPerSecond).padStart(8)} KiB/s (${m.rowsPerSecondPerProcess} rows/s per API, ${m.rowsPerRequest ?? '-'} rows per request; req/s ${m.requestsPerSecond.join(' + ') || '-'}, non-2xx ${m.non2xx}) — ${Object.entries(
        m.byCollection,
      )
        .slice(0, 4)
        .map(([name, d]) => `${name} ${d.rowsPerSecond} rows/s ${d.kibPerSecond} KiB/s`)
        .join(', ')}`,
  );
}
