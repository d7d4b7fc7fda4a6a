import fs from 'node:fs';
import path from 'node:path';
import { ALLOWED_SHAPES } from './allow-list';
import { parseBudgets } from './budgets';
import { checkBudgets, checkShapes, readTraces } from './trace-check';

/**
 * After an integration run: reads the database trace the services wrote (DB_TRACE_DIR), writes
 * artifacts/query-shapes.json and artifacts/db-operations-per-request.json, prints a summary and
 * returns the problems (shapes no index serves, endpoints over or without a budget).
 */
export function checkDatabaseTrace(rootDir: string, traceDir: string, log: (line: string) => void): string[] {
  const traces = readTraces(traceDir);
  const shapes = checkShapes(traces, ALLOWED_SHAPES);
  const budgets = checkBudgets(traces, parseBudgets(fs.readFileSync(path.join(rootDir, 'docs/services/database-trace.md'), 'utf8')));
  const artifacts = path.join(rootDir, 'artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  fs.writeFileSync(path.join(artifacts, 'query-shapes.json'), `${JSON.stringify(shapes.verdicts, null, 2)}\n`);
  fs.writeFileSync(
    path.join(artifacts, 'db-operations-per-request.json'),
    `${JSON.stringify({ endpoints: budgets.verdicts, unexercisedBudgetRows: budgets.unexercised }, null, 2)}\n`,
  );
  const explained = shapes.verdicts.filter((v) => v.plan && v.plan.verdict !== 'no-collection');
  const scans = explained.filter((v) => v.plan?.verdict === 'scan').length;
  log(
    `query shapes: ${shapes.verdicts.length} seen, ${shapes.problems.length} problems (no declared index, or a scan on the database); ` +
      `${explained.length} explained on the database: ${explained.length - scans} index scans, ${scans} full scans (allowed ones included; artifacts/query-shapes.json)`,
  );
  log(
    `operations per request: ${budgets.verdicts.length} endpoints, ${budgets.problems.length} over or without a budget (artifacts/db-operations-per-request.json)`,
  );
  return [...shapes.problems, ...budgets.problems];
}
