import { planVerdict } from './query-plan';
import { commandShapes } from './query-shape';

// Explain answers as DocumentDB (b2e220c) and MongoDB 7 give them, trimmed to what the verdict reads.
const ixscan = (indexName: string, extra: Record<string, unknown> = {}) => ({ stage: 'IXSCAN', indexName, ...extra });
const documentdb = (leaf: Record<string, unknown>) => ({ queryPlanner: { winningPlan: { stage: 'FETCH', inputStage: leaf } } });
const find = (filter: Record<string, unknown>) => commandShapes('find', { find: 'reviews', filter })[0];

describe('planVerdict', () => {
  it('an index scan with conditions pushed into it serves the filter (DocumentDB)', () => {
    const plan = documentdb(ixscan('teacherId_1_createdAt_-1', { indexFilterSet: [{ $eq: { teacherId: 3 } }] }));
    expect(planVerdict(plan, find({ teacherId: 3 }))).toEqual({ verdict: 'index', detail: 'IXSCAN teacherId_1_createdAt_-1' });
  });

  it('a walk over every key of _id_ with the filter applied to each document is a scan (DocumentDB forces an index)', () => {
    const plan = documentdb(ixscan('_id_'));
    expect(
      planVerdict(
        { ...plan, queryPlanner: { winningPlan: { ...plan.queryPlanner.winningPlan, runtimeFilterSet: [{ $eq: { s: 'x' } }] } } },
        find({ s: 'x' }),
      ).verdict,
    ).toBe('scan');
    expect(planVerdict(plan, find({})).verdict).toBe('scan');
  });

  it('the primary key lookup by _id is served, though DocumentDB lists no condition for it', () => {
    expect(planVerdict(documentdb(ixscan('_id_', { direction: 'Forward' })), find({ _id: 'review:3' })).verdict).toBe('index');
    expect(planVerdict(documentdb(ixscan('_id_')), find({ _id: { $in: [1, 2] } })).verdict).toBe('index');
  });

  it('reads the $cursor stage of an aggregation', () => {
    const plan = {
      stages: [{ $cursor: documentdb(ixscan('teacherId_1', { indexFilterSet: [{ $eq: { teacherId: 3 } }] })) }, { $group: {} }],
    };
    const shape = commandShapes('aggregate', {
      aggregate: 'reviews',
      pipeline: [{ $match: { teacherId: 3 } }, { $group: { _id: null } }],
    })[0];
    expect(planVerdict(plan, shape).verdict).toBe('index');
  });

  it('MongoDB: COLLSCAN is a scan; bounded IXSCAN is served; [MinKey, MaxKey] on every field is not', () => {
    expect(planVerdict({ queryPlanner: { winningPlan: { stage: 'COLLSCAN' } } }, find({ a: 1 }))).toEqual({
      verdict: 'scan',
      detail: 'COLLSCAN',
    });
    const bounds = (b: string[]) => ({
      queryPlanner: { winningPlan: { stage: 'FETCH', inputStage: ixscan('a_1', { indexBounds: { a: b } }) } },
    });
    expect(planVerdict(bounds(['[1, 1]']), find({ a: 1 })).verdict).toBe('index');
    expect(planVerdict(bounds(['[MinKey, MaxKey]']), find({ b: 1 })).verdict).toBe('scan');
  });

  it('nothing to read yet (no collection) is neither', () => {
    expect(planVerdict({ queryPlanner: { winningPlan: { stage: 'EOF' } } }, find({ a: 1 })).verdict).toBe('no-collection');
  });

  it('an answer without a plan counts as a scan', () => {
    expect(planVerdict({ ok: 1 }, find({ a: 1 })).verdict).toBe('scan');
  });
});
