import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type TraceFile } from '../../../libs/server-kit/src/tracing/trace-recorder';
import { checkBudgets, checkShapes, readTraces } from './trace-check';

const shape = (
  service: string,
  key: string,
  collection: string,
  filter: Record<string, 'eq' | 'range'>,
  contexts = ['GET /x'],
  sources = ['a.int.spec.ts'],
) => ({
  service,
  key,
  shape: { collection, op: 'find', filter, sort: [] },
  contexts,
  sources,
  count: 1,
});

describe('the database trace check', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-check-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, trace: TraceFile) => fs.writeFileSync(path.join(dir, name), JSON.stringify(trace));

  it('merges the files of every process: shapes, the most operations per endpoint, declared indexes', () => {
    write('trace-1.json', {
      shapes: [shape('rating', 'votes.find {userId:eq}', 'votes', { userId: 'eq' })],
      endpoints: [
        { service: 'rating', method: 'GET', route: '/x', requests: 2, failed: 0, maxOps: 3, maxOpsSource: 'a.int.spec.ts', maxRedis: 1 },
      ],
      declared: { rating: { votes: [{ key: [['userId', 1]] }] } },
    });
    write('trace-2.json', {
      shapes: [shape('rating', 'votes.find {userId:eq}', 'votes', { userId: 'eq' }, ['background'], ['b.int.spec.ts'])],
      endpoints: [
        { service: 'rating', method: 'GET', route: '/x', requests: 1, failed: 0, maxOps: 5, maxOpsSource: 'b.int.spec.ts', maxRedis: 0 },
      ],
      declared: { 'rating-worker': { votes: [{ key: [['userId', 1]] }] } },
    });
    const traces = readTraces(dir);
    expect(traces.shapes).toEqual([
      expect.objectContaining({ count: 2, contexts: ['GET /x', 'background'], sources: ['a.int.spec.ts', 'b.int.spec.ts'] }),
    ]);
    expect(traces.endpoints).toEqual([
      expect.objectContaining({ requests: 3, failed: 0, maxOps: 5, maxOpsSource: 'b.int.spec.ts', maxRedis: 1 }),
    ]);
    expect(traces.indexes.get('votes')).toEqual([{ key: [['userId', 1]] }]);
  });

  it('names the unserved shapes with the closest index and what sent them; the allow-list admits by collection, operation, fields (and outside requests only)', () => {
    write('trace-1.json', {
      shapes: [
        shape('rating', 'reports.find {userId:eq,dismissed:eq}', 'reports', { userId: 'eq', dismissed: 'eq' }),
        shape('rating-worker', 'review_tasks.find {}', 'review_tasks', {}, ['background']),
        shape('rating', 'review_tasks.find {}', 'review_tasks', {}, ['GET /y']),
      ],
      endpoints: [],
      declared: { rating: { reports: [{ key: [['userId', 1]] }] } },
    });
    const allow = [{ collection: 'review_tasks', ops: ['find'], fields: [], backgroundOnly: true, why: 'a short to-do list' }];
    const { problems, verdicts } = checkShapes(readTraces(dir), allow);
    expect(problems).toEqual([
      'reports: reports.find {userId:eq,dismissed:eq} is served by no declared index (closest declared index {userId:1} leaves dismissed to the documents); service rating, from GET /x; sent while running a.int.spec.ts',
      'review_tasks: review_tasks.find {} is served by no declared index (no declared index holds any of its fields); service rating, from GET /y; sent while running a.int.spec.ts',
    ]);
    expect(verdicts.map((v) => `${v.service} ${v.allowedBecause ?? v.servedBy}`)).toEqual([
      'rating null',
      'rating null',
      'rating-worker a short to-do list',
    ]);
  });

  it('fails an endpoint over its budget or without a row, and lists the rows never exercised', () => {
    write('trace-1.json', {
      shapes: [],
      endpoints: [
        { service: 'rating', method: 'GET', route: '/a', requests: 1, failed: 0, maxOps: 3, maxOpsSource: 'a.int.spec.ts', maxRedis: 0 },
        { service: 'rating', method: 'GET', route: '/b', requests: 1, failed: 0, maxOps: 1, maxOpsSource: 'a.int.spec.ts', maxRedis: 0 },
        {
          service: 'rating',
          method: 'GET',
          route: 'unmatched',
          requests: 1,
          failed: 0,
          maxOps: 0,
          maxOpsSource: 'a.int.spec.ts',
          maxRedis: 0,
        },
      ],
      declared: {},
    });
    const rows = [
      { service: 'rating', method: 'GET', route: '/a', budget: 2 },
      { service: 'rating', method: 'GET', route: '/c', budget: 1 },
    ];
    const { problems, unexercised } = checkBudgets(readTraces(dir), rows);
    expect(problems).toEqual([
      'rating: GET /a sent 3 database operations in one request (in a.int.spec.ts); its budget is 2',
      'rating: GET /b has no row in the budgets of docs/services/database-trace.md (most seen: 1 database operations in one request, in a.int.spec.ts)',
    ]);
    expect(unexercised).toEqual([rows[1]]);
  });
});
