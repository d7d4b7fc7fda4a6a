// The `outage` phase of api-bench.mjs (BENCH_PHASES=outage): does memory stay flat while Redis is away and the writes go on?
// Under a steady BENCH_OUTAGE_WRITES_PER_SECOND (default 5; review creates and votes in turn, over every API), one minute
// with Redis (minute 0), then Redis stopped for BENCH_OUTAGE_MINUTES (default 10). Every 30 s each API's and worker's RSS
// (/proc) and V8 heap used and active handles (its /metrics: prom-client's defaults), nothing forced (no GC called); a
// minute's figure is the smaller of its two samples (GC noise). Then the writes stop, Redis starts again (empty: the bench's
// Redis keeps no data), every acknowledged write is looked up in the database, the reviews created meanwhile are waited for
// until published (by the worker's reconciler, which needs no Redis), and the memory is sampled once more a minute later.
// Goal: the heap used grows less than 5 MiB from minute 1 to the last minute, in every process. BENCH_OUTAGE_CONTROL=1: the
// same run with Redis never stopped, to tell what the outage changes from what the writes alone do.

const SAMPLE_MS = 30_000;
/** Heap growth from minute 1 to the last minute under which a process counts as flat. */
const FLAT_MIB = 5;
const MiB = 2 ** 20;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One metric's value in a /metrics text (the first series), or null. */
const metric = (text, name) => {
  const value = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1];
  return value === undefined ? null : Number(value);
};

/** RSS (KiB), heap used and reserved, external memory (bytes) and active handles of each process: { name: { rss, heap, … } }. */
async function sample(processes, rssKiB) {
  const entries = await Promise.all(
    processes.map(async ({ name, pid, url }) => {
      let text = '';
      try {
        text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(5000) })).text();
      } catch {
        // counted as unknown
      }
      return [
        name,
        {
          rss: rssKiB(pid),
          heap: metric(text, 'nodejs_heap_size_used_bytes'),
          heapTotal: metric(text, 'nodejs_heap_size_total_bytes'),
          external: metric(text, 'nodejs_external_memory_bytes'),
          handles: metric(text, 'nodejs_active_handles_total'),
        },
      ];
    }),
  );
  return Object.fromEntries(entries);
}

/** The smallest of each figure over some samples of one process. */
const smallest = (samples, name) => {
  const min = (key) => {
    const values = samples.map((s) => s[name][key]).filter((v) => v !== null && v > 0);
    return values.length ? Math.min(...values) : null;
  };
  return { rss: min('rss'), heap: min('heap'), heapTotal: min('heapTotal'), external: min('external'), handles: min('handles') };
};

/**
 * The writes at a steady rate until stopped: creates (a new author each, so no class claim refuses one) and votes (a new voter
 * each on a visible review), alternately over the APIs. Records each answer's status and what an acknowledged write changed.
 */
function startWrites({ apiUrls, perSecond, sign, reviewBody, visibleIds, pick }) {
  // Per part ('with Redis', then 'outage'): each kind's answers by status, and the reviews it created.
  const status = {};
  const created = {};
  const votes = [];
  let part = 'with Redis';
  const inFlight = new Set();
  let n = 0;
  const write = async (i) => {
    const kind = i % 2 ? 'vote' : 'create';
    const during = part;
    const url = apiUrls[Math.floor(i / 2) % apiUrls.length];
    let code;
    try {
      const token = await sign(kind === 'vote' ? `outage-voter-${i}` : `outage-author-${i}`);
      const review = kind === 'vote' ? pick(visibleIds) : 0;
      const value = i % 4 === 1;
      const res = await fetch(kind === 'vote' ? `${url}/api/relatable/${review}` : `${url}/api/rating/0`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(kind === 'vote' ? { value } : reviewBody()),
        signal: AbortSignal.timeout(10_000),
      });
      code = res.status;
      const body = await res.json().catch(() => null);
      if (res.ok && kind === 'create') (created[during] ??= []).push(body.id);
      if (res.ok && kind === 'vote') votes.push({ review, voter: `outage-voter-${i}`, v: value ? 1 : 0 });
    } catch (err) {
      code = err.name === 'TimeoutError' ? 'timeout' : 'error';
    }
    const counts = ((status[during] ??= { create: {}, vote: {} })[kind] ??= {});
    counts[code] = (counts[code] ?? 0) + 1;
  };
  const timer = setInterval(() => {
    const p = write(n++).finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / perSecond);
  return {
    status,
    created,
    votes,
    get issued() {
      return n;
    },
    set part(name) {
      part = name;
    },
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

/**
 * Runs the phase. `processes()`: [{ name, pid, url }] of the APIs and workers; `stopRedis` / `startRedis`: the bench's Redis
 * handle; `sign(sub)`: an access token; `reviewBody()`: a create's payload.
 */
/** Up to 5,000 ids of public reviews, for votes. */
export async function visibleReviewIds(db) {
  const docs = await db
    .collection('reviews')
    .find({ visible: true }, { projection: { id: 1 } })
    .limit(5000)
    .toArray();
  return docs.map((r) => r.id);
}

export async function measureRedisOutage({ db, processes, apiUrls, stopRedis, startRedis, sign, reviewBody, pick, rssKiB, log }) {
  const minutes = Number(process.env.BENCH_OUTAGE_MINUTES ?? 10);
  const perSecond = Number(process.env.BENCH_OUTAGE_WRITES_PER_SECOND ?? 5);
  // BENCH_OUTAGE_CONTROL=1: the same run with Redis never stopped (what the outage changes).
  const control = process.env.BENCH_OUTAGE_CONTROL === '1';
  const part = control ? 'control, Redis up' : 'outage';
  const visibleIds = await visibleReviewIds(db);
  const writes = startWrites({ apiUrls, perSecond, sign, reviewBody, visibleIds, pick });
  const samples = []; // { minute, issued, figures }
  const take = async (minute) => {
    samples.push({ minute, issued: writes.issued, figures: await sample(processes(), rssKiB) });
  };
  log(`outage: ${perSecond} writes/s with Redis for a minute (minute 0)…`);
  for (let k = 0; k < 2; k++) await sleep(SAMPLE_MS).then(() => take(0));
  log(control ? 'outage: control run, Redis kept up…' : 'outage: stopping Redis…');
  if (!control) await stopRedis();
  writes.part = part;
  const outageStart = Date.now();
  for (let k = 1; k <= minutes * 2; k++) {
    await sleep(Math.max(0, outageStart + k * SAMPLE_MS - Date.now()));
    await take(Math.ceil(k / 2));
    if (k % 2 === 0) log(`outage: minute ${k / 2}: ${line(smallestOf(samples, k / 2))}`);
  }
  await writes.stop();
  const outageMs = Date.now() - outageStart;
  const createdIds = writes.created[part] ?? [];
  const allCreated = Object.values(writes.created).flat();
  const publishedBeforeReturn = await countPublished(db, createdIds);
  log(`outage: writes stopped after ${(outageMs / 60_000).toFixed(1)} min; starting Redis again…`);
  if (!control) await startRedis();
  const returned = Date.now();
  // Every acknowledged write is in the database.
  const found = await db.collection('reviews').countDocuments({ id: { $in: allCreated } });
  let votesFound = 0;
  for (const { review, voter, v } of writes.votes)
    votesFound += await db.collection('reviews').countDocuments({ id: review, voters: { $elemMatch: { u: voter, v } } });
  await sleep(Math.max(0, returned + 60_000 - Date.now()));
  await take('after');
  // The reviews created during the outage, published (the last ones are due their validation delay and the reconciler's grace after their creation).
  let published = await countPublished(db, createdIds);
  for (const deadline = Date.now() + 4 * 60_000; published < createdIds.length && Date.now() < deadline;) {
    await sleep(2000);
    published = await countPublished(db, createdIds);
  }
  const publishedInMs = Date.now() - returned;
  const perProcess = Object.keys(samples[0].figures).map((name) => {
    const at = (m) =>
      smallest(
        samples.filter((s) => s.minute === m).map((s) => s.figures),
        name,
      );
    const rows = Object.fromEntries([0, 1, 2, 5, 10, minutes, 'after'].filter((m) => m === 'after' || m <= minutes).map((m) => [m, at(m)]));
    return { name, rows, growthMiB: (at(minutes).heap - at(1).heap) / MiB, rssGrowthMiB: (at(minutes).rss - at(1).rss) / 1024 };
  });
  // Writes issued from minute 1's end to the last minute's end.
  const issuedAt = (m) => samples.filter((s) => s.minute === m).at(-1).issued;
  const writesOverGrowth = issuedAt(minutes) - issuedAt(1);
  return {
    minutes,
    perSecond,
    control,
    outageMs,
    status: writes.status,
    created: createdIds.length,
    acknowledged: allCreated.length,
    found,
    votes: writes.votes.length,
    votesFound,
    publishedBeforeReturn,
    published,
    publishedInMs,
    writesOverGrowth,
    perProcess,
  };
}

const countPublished = (db, ids) => db.collection('reviews').countDocuments({ id: { $in: ids }, status: 'published' });
const smallestOf = (samples, minute) => {
  const figures = samples.filter((s) => s.minute === minute).map((s) => s.figures);
  return Object.keys(figures[0]).map((name) => ({ name, ...smallest(figures, name) }));
};
const mib = (bytes) => (bytes === null ? '?' : (bytes / MiB).toFixed(1));
/** RSS outside the V8 heap's reservation and the external memory V8 knows of: native allocations (malloc), code, stacks. */
const other = (r) => (r.rss === null || r.heapTotal === null || r.external === null ? null : r.rss * 1024 - r.heapTotal - r.external);
const line = (rows) =>
  rows.map((r) => `${r.name} RSS ${mib(r.rss * 1024)} MiB, heap ${mib(r.heap)} MiB, ${r.handles ?? '?'} handles`).join('; ');

/** The report's lines. */
export function outageLines(o) {
  const statuses = (s) =>
    Object.entries(s)
      .map(([code, n]) => `${code} ×${n}`)
      .join(', ') || 'none';
  const lines = [
    `${o.control ? 'Control run, Redis kept up' : 'Redis outage'}: ${o.minutes} min under ${o.perSecond} writes/s (creates and votes in turn), memory every 30 s, each minute's smaller sample`,
    `${'process'.padEnd(10)}${'minute'.padStart(8)}${'RSS MiB'.padStart(10)}${'heap MiB'.padStart(10)}${'reserved'.padStart(10)}${'external'.padStart(10)}${'other'.padStart(8)}${'handles'.padStart(9)}`,
  ];
  for (const p of o.perProcess)
    for (const [m, r] of Object.entries(p.rows))
      lines.push(
        `${p.name.padEnd(10)}${m.padStart(8)}${mib(r.rss * 1024).padStart(10)}${mib(r.heap).padStart(10)}${mib(r.heapTotal).padStart(10)}${mib(r.external).padStart(10)}${mib(other(r)).padStart(8)}${String(r.handles ?? '?').padStart(9)}`,
      );
  const per1000 = (mibGrowth) => ((mibGrowth * 1024) / (o.writesOverGrowth / 1000)).toFixed(0);
  lines.push(`  growth from minute 1 to minute ${o.minutes} (${o.writesOverGrowth.toLocaleString('en')} writes):`);
  for (const p of o.perProcess)
    lines.push(
      `    ${p.name}: heap ${p.growthMiB >= 0 ? '+' : ''}${p.growthMiB.toFixed(1)} MiB (${per1000(p.growthMiB)} KiB per 1,000 writes), RSS ${p.rssGrowthMiB >= 0 ? '+' : ''}${p.rssGrowthMiB.toFixed(1)} MiB (${per1000(p.rssGrowthMiB)} KiB per 1,000 writes)`,
    );
  lines.push(
    ...Object.entries(o.status).map(([part, s]) => `  ${part}: creates ${statuses(s.create)}; votes ${statuses(s.vote)}`),
    `  acknowledged and found in the database: ${o.found}/${o.acknowledged} reviews, ${o.votesFound}/${o.votes} votes`,
    `  reviews created during the ${o.control ? 'control minutes' : 'outage'} published: ${o.publishedBeforeReturn} at their end, ${o.published}/${o.created} ${(o.publishedInMs / 1000).toFixed(0)} s later${o.control ? '' : ' (Redis back)'}`,
  );
  const flat = o.perProcess.every((p) => p.growthMiB < FLAT_MIB);
  lines.push(`  heap growth minute 1 → ${o.minutes} < ${FLAT_MIB} MiB in every process (flat): ${flat ? 'OK' : 'MISSED'}`);
  return lines;
}
