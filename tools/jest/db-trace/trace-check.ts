// The checks of the database trace after an integration run (tools/jest/integration-teardown.ts):
// every query shape the services sent is served by a declared index (esr.ts) or allowed
// (allow-list.ts), and no endpoint sent more database commands in one request than its budget in
// docs/services/database-trace.md (budgets.ts). The merged trace goes to artifacts/ for reading.
import fs from 'node:fs';
import path from 'node:path';
import {
  type DeclaredIndex,
  type TracedEndpoint,
  type TracedShape,
  type TraceFile,
} from '../../../libs/server-kit/src/tracing/trace-recorder';
import { type AllowedShape } from './allow-list';
import { type BudgetRow } from './budgets';
import { closestIndex, describeIndex, ID_INDEX, servingIndexes } from './esr';

/** Every trace file of the folder, merged: shapes and endpoints of all processes, declared indexes by collection. */
export function readTraces(dir: string): { shapes: TracedShape[]; endpoints: TracedEndpoint[]; indexes: Map<string, DeclaredIndex[]> } {
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^trace-.*\.json$/.test(f)) : [];
  const shapes = new Map<string, TracedShape>();
  const endpoints = new Map<string, TracedEndpoint>();
  const indexes = new Map<string, DeclaredIndex[]>();
  for (const file of files) {
    const trace = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as TraceFile;
    for (const s of trace.shapes) {
      const id = `${s.service} ${s.key}`;
      const seen = shapes.get(id);
      shapes.set(
        id,
        seen
          ? {
              ...seen,
              count: seen.count + s.count,
              contexts: union(seen.contexts, s.contexts),
              sources: union(seen.sources, s.sources),
              plan: worstPlan(seen.plan, s.plan),
            }
          : s,
      );
    }
    for (const e of trace.endpoints) {
      const id = `${e.service} ${e.method} ${e.route}`;
      const seen = endpoints.get(id);
      if (!seen) endpoints.set(id, e);
      else
        endpoints.set(id, {
          ...(e.maxOps > seen.maxOps ? e : seen),
          requests: seen.requests + e.requests,
          failed: seen.failed + e.failed,
          contended: (seen.contended ?? 0) + (e.contended ?? 0),
          maxRedis: Math.max(seen.maxRedis, e.maxRedis),
        });
    }
    for (const collections of Object.values(trace.declared)) {
      for (const [collection, declared] of Object.entries(collections)) {
        const list = indexes.get(collection) ?? [];
        for (const index of declared) if (!list.some((i) => describeIndex(i) === describeIndex(index))) list.push(index);
        indexes.set(collection, list);
      }
    }
  }
  return { shapes: [...shapes.values()], endpoints: [...endpoints.values()], indexes };
}

const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();

/** Of two processes' plans for one shape, the one that read more (a scan anywhere is a scan). */
const worstPlan = (a: TracedShape['plan'], b: TracedShape['plan']): TracedShape['plan'] => {
  const rank = (p: TracedShape['plan']) => (p ? { scan: 2, index: 1, 'no-collection': 0 }[p.verdict] : -1);
  return rank(b) > rank(a) ? b : a;
};

export interface ShapeVerdict extends TracedShape {
  servedBy: string[] | null;
  allowedBecause?: string;
}

function allowance(shape: TracedShape, allowList: AllowedShape[]): AllowedShape | undefined {
  const fields = Object.keys(shape.shape.filter).sort().join(',');
  return allowList.find(
    (a) =>
      a.collection === shape.shape.collection &&
      a.ops.includes(shape.shape.op) &&
      !shape.shape.or &&
      [...a.fields].sort().join(',') === fields &&
      (!a.backgroundOnly || shape.contexts.every((c) => c === 'background')),
  );
}

/** Each shape with the indexes serving it (or the allowance admitting it), and the problems. */
export function checkShapes(
  traces: ReturnType<typeof readTraces>,
  allowList: AllowedShape[],
): { verdicts: ShapeVerdict[]; problems: string[] } {
  const indexesOf = (shape: TracedShape) => [ID_INDEX, ...(traces.indexes.get(shape.shape.collection) ?? [])];
  const verdicts = traces.shapes.map((shape): ShapeVerdict => {
    const served = servingIndexes(shape.shape, indexesOf(shape));
    const allowed = served ? undefined : allowance(shape, allowList);
    return { ...shape, servedBy: served && served.map(describeIndex), ...(allowed ? { allowedBecause: allowed.why } : {}) };
  });
  const scanned = verdicts
    .filter((v) => v.plan?.verdict === 'scan' && !v.allowedBecause && !allowance(v, allowList))
    .map(
      (v) =>
        `${v.shape.collection}: ${v.key} read every document on the database (explain: ${v.plan?.detail}); service ${v.service}, from ${v.contexts.join(', ')}; sent while running ${v.sources.join(', ')}`,
    );
  const problems = verdicts
    .filter((v) => !v.servedBy && !v.allowedBecause)
    .map((v) => {
      const closest = closestIndex(v.shape, indexesOf(v));
      const hint = closest.index
        ? `closest declared index ${describeIndex(closest.index)} leaves ${closest.uncovered.join(', ')} to the documents`
        : 'no declared index holds any of its fields';
      return `${v.shape.collection}: ${v.key} is served by no declared index (${hint}); service ${v.service}, from ${v.contexts.join(', ')}; sent while running ${v.sources.join(', ')}`;
    });
  return {
    verdicts: verdicts.sort((a, b) => a.key.localeCompare(b.key) || a.service.localeCompare(b.service)),
    problems: [...problems, ...scanned],
  };
}

export interface EndpointVerdict extends TracedEndpoint {
  budget: number | null;
}

/** Each endpoint with its budget, and the problems (over budget, or no row). Unmatched requests (404s) are not endpoints. */
export function checkBudgets(
  traces: ReturnType<typeof readTraces>,
  rows: BudgetRow[],
): { verdicts: EndpointVerdict[]; problems: string[]; unexercised: BudgetRow[] } {
  const rowOf = (e: { service: string; method: string; route: string }) =>
    rows.find((r) => r.service === e.service && r.method === e.method && r.route === e.route);
  const verdicts = traces.endpoints.filter((e) => e.route !== 'unmatched').map((e) => ({ ...e, budget: rowOf(e)?.budget ?? null }));
  const problems = verdicts.flatMap((v) => {
    const where = `${v.service}: ${v.method} ${v.route}`;
    if (v.budget === null)
      return [
        `${where} has no row in the budgets of docs/services/database-trace.md (most seen: ${v.maxOps} database operations in one request, in ${v.maxOpsSource})`,
      ];
    if (v.maxOps > v.budget)
      return [`${where} sent ${v.maxOps} database operations in one request (in ${v.maxOpsSource}); its budget is ${v.budget}`];
    return [];
  });
  const unexercised = rows.filter(
    (r) => !traces.endpoints.some((e) => e.service === r.service && e.method === r.method && e.route === r.route),
  );
  const order = (v: EndpointVerdict) => `${v.service} ${v.route} ${v.method}`;
  return { verdicts: verdicts.sort((a, b) => order(a).localeCompare(order(b))), problems, unexercised };
}
