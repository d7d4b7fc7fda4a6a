// Reads the plan the database chose for a query (the answer of `explain`, queryPlanner verbosity)
// and says whether an index served its filter or the documents were read one by one. Used by the
// database trace (tests only) on the real database: DocumentDB locally, MongoDB when MONGODB_URI
// points at one. Both name their stages alike (IXSCAN, COLLSCAN, FETCH, EOF).
import { type QueryShape } from './query-shape';

/** `index`: an index bounded the read; `scan`: every document (or every key) was read; `no-collection`: nothing to read yet. */
export interface PlanVerdict {
  verdict: 'index' | 'scan' | 'no-collection';
  /** The leaf stages, as `IXSCAN teacherId_1_createdAt_-1` or `COLLSCAN`. */
  detail: string;
}

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The winning plans of an explain answer (a find's, or each `$cursor` stage's of an aggregation). */
function winningPlans(explained: Doc): Doc[] {
  const planner = explained.queryPlanner;
  if (isDoc(planner) && isDoc(planner.winningPlan)) return [planner.winningPlan];
  const stages = Array.isArray(explained.stages) ? explained.stages : [];
  return stages.flatMap((stage) => (isDoc(stage) && isDoc(stage.$cursor) ? winningPlans(stage.$cursor) : []));
}

/** The stages with no input stage below them. */
function leaves(stage: Doc): Doc[] {
  const inputs = [stage.inputStage, ...(Array.isArray(stage.inputStages) ? stage.inputStages : [])].filter(isDoc);
  return inputs.length ? inputs.flatMap(leaves) : [stage];
}

/** Whether an index scan was bounded by the query (not a walk over every key of the index). */
function bounded(ixscan: Doc, shape: QueryShape): boolean {
  // DocumentDB: the conditions pushed into the index scan.
  if (Array.isArray(ixscan.indexFilterSet) && ixscan.indexFilterSet.length > 0) return true;
  // MongoDB: some field's bounds are narrower than [MinKey, MaxKey].
  if (isDoc(ixscan.indexBounds))
    return Object.values(ixscan.indexBounds).some((b) => Array.isArray(b) && !(b.length === 1 && /MinKey.*MaxKey/.test(String(b[0]))));
  // DocumentDB's primary key lookup on `_id` lists no conditions of its own.
  return ixscan.indexName === '_id_' && ('_id' in shape.filter || Boolean(shape.or?.every((branch) => '_id' in branch)));
}

/** The verdict on one explain answer for a query of `shape`. */
export function planVerdict(explained: unknown, shape: QueryShape): PlanVerdict {
  const plans = isDoc(explained) ? winningPlans(explained) : [];
  const found = plans.flatMap(leaves);
  if (!found.length) return { verdict: 'scan', detail: 'no plan in the explain answer' };
  const detail = found.map((s) => (s.stage === 'IXSCAN' ? `IXSCAN ${String(s.indexName)}` : String(s.stage))).join(' + ');
  if (found.every((s) => s.stage === 'EOF')) return { verdict: 'no-collection', detail };
  const served = found.every((s) => s.stage === 'EOF' || (s.stage === 'IXSCAN' && bounded(s, shape)) || s.stage === 'IDHACK');
  return { verdict: served ? 'index' : 'scan', detail };
}
