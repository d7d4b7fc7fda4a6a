import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type PlanVerdict, planVerdict } from './query-plan';
import { commandQueries, type QueryShape, type SentQuery, shapeKey } from './query-shape';
import { currentRequest, type RequestTrace, sharedWork } from './request-trace';
import { traceSource } from './trace-env';

/** An index as a schema declares it: key fields in order (1, -1 or a type such as `text`) and options. */
export interface DeclaredIndex {
  key: [string, number | string][];
  unique?: boolean;
}

export interface TracedShape {
  service: string;
  key: string;
  shape: QueryShape;
  /** Where it was sent from: `GET /api/teacher/:id` for a request, `background` otherwise. */
  contexts: string[];
  /** The test files that made the process send it. */
  sources: string[];
  count: number;
  /** The plan the database chose for its first sending (explained then), when it has a filter to serve. */
  plan?: PlanVerdict;
}

/** Asks the database to explain a query (a `find` with the sent filter and sort) and resolves to its answer. */
export type Explain = (find: Record<string, unknown>) => Promise<unknown>;

export interface TracedEndpoint {
  service: string;
  method: string;
  route: string;
  requests: number;
  /** Answers 5xx (a dependency down, a crash): not held to the budget, their retries are the driver's. */
  failed: number;
  /** Requests that lost a write conflict and decided again: not held to the budget either (markContended). */
  contended?: number;
  /** The most database commands one request of it caused, and the test file of that request. */
  maxOps: number;
  maxOpsSource: string;
  maxRedis: number;
}

/** What one process (one module registry under jest) writes to its trace file. */
export interface TraceFile {
  shapes: TracedShape[];
  endpoints: TracedEndpoint[];
  /** service → collection → indexes declared by the mongoose schemas of its connections. */
  declared: Record<string, Record<string, DeclaredIndex[]>>;
}

/** A request's operations that start this long after its answer no longer count for it (timers, caches warmed by it). */
const LATE_MS = 500;
const FLUSH_MS = 1000;
/** A scan seen right after a collection got its indexes may be an index still being built: explain once more this much later. */
const RE_EXPLAIN_MS = 3000;

interface ModelLike {
  collection: { collectionName: string };
  schema: { indexes(): [Record<string, number | string>, Record<string, unknown>?][] };
}

interface ShapeEntry {
  shape: TracedShape;
  contexts: Set<string>;
  /** Requests still being answered when they sent it (their route is named at the next write). */
  pending: Set<RequestTrace>;
  sources: Set<string>;
  /** An explain of it is on its way (a failed one is tried again at its next sending). */
  explaining?: boolean;
  /** Explains answered that read every document: the shape is explained again at a later sending, up to SCAN_EXPLAINS. */
  scans?: number;
}

/**
 * How many times a shape whose plan read every document is explained again at later sendings: PostgreSQL (DocumentDB) picks
 * a sequential scan of a table of a few rows even where an index serves the filter, so a verdict taken while a test's
 * collection was tiny is confirmed on a fuller one before it counts.
 */
const SCAN_EXPLAINS = 5;

const contextOf = (request: RequestTrace) => `${request.method} ${request.route}`;

/**
 * Gathers, in memory, the query shapes a process sends and the operations per request, and writes
 * them to one JSON file in the trace folder (every second while a traced connection is open, and
 * when one closes). Only created when tracing is on.
 */
export class TraceRecorder {
  private readonly file: string;
  private readonly shapes = new Map<string, ShapeEntry>();
  private readonly endpoints = new Map<string, TracedEndpoint>();
  private readonly connections = new Map<object, { service: string; models: Record<string, ModelLike> }>();
  /** Answered requests whose counts are not kept yet, with the timer that will keep them. */
  private readonly answered = new Map<RequestTrace, { timer: NodeJS.Timeout; source: string }>();
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;

  constructor(dir: string) {
    fs.mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, `trace-${process.pid}-${randomBytes(4).toString('hex')}.json`);
  }

  /**
   * One command a service sent: counted for the current request, its shapes recorded. A shape seen
   * for the first time is explained through `explain` (outside any request's count).
   */
  command(service: string, commandName: string, command: Record<string, unknown>, explain?: Explain): void {
    if (commandName === 'explain') return; // ours
    const request = currentRequest();
    if (request) request.ops += 1;
    for (const sent of commandQueries(commandName, command)) {
      const { shape } = sent;
      const key = shapeKey(shape);
      const id = `${service} ${key}`;
      let entry = this.shapes.get(id);
      if (!entry) {
        entry = {
          shape: { service, key, shape, contexts: [], sources: [], count: 0 },
          contexts: new Set(),
          pending: new Set(),
          sources: new Set(),
        };
        this.shapes.set(id, entry);
      }
      const unsure = !entry.shape.plan || (entry.shape.plan.verdict === 'scan' && (entry.scans ?? 0) < SCAN_EXPLAINS);
      if (explain && unsure && !entry.explaining) this.explain(entry, sent, explain);
      entry.shape.count += 1;
      if (!request) entry.contexts.add('background');
      else if (request.route) entry.contexts.add(contextOf(request));
      else entry.pending.add(request);
      entry.sources.add(traceSource());
    }
    this.dirty = true;
  }

  /** Records the plan of a shape's first query (once more 3 s later if it read every document, then at later sendings). */
  private explain(entry: ShapeEntry, sent: SentQuery, explain: Explain, again = true): void {
    const { shape } = entry.shape;
    if (shape.op === 'insert' || shape.scan) return;
    entry.explaining = true;
    const find = { find: shape.collection, filter: sent.filter ?? {}, ...(sent.sort ? { sort: sent.sort } : {}) };
    void sharedWork(() => explain(find)).then(
      (answer) => {
        const plan = planVerdict(answer, shape);
        entry.shape.plan = plan;
        this.dirty = true;
        if (plan.verdict === 'scan') entry.scans = (entry.scans ?? 0) + 1;
        entry.explaining = plan.verdict === 'scan' && again; // explained again below, then at later sendings
        if (plan.verdict !== 'index' && again) setTimeout(() => this.explain(entry, sent, explain, false), RE_EXPLAIN_MS).unref();
      },
      // The connection closed meanwhile (the end of a test): another sending of the shape explains it.
      () => {
        entry.explaining = false;
      },
    );
  }

  /** One Redis command: counted for the current request. */
  redisCommand(): void {
    const request = currentRequest();
    if (request) request.redis += 1;
  }

  /** A request was answered: its counts are kept once what it set off right away has run. */
  requestDone(trace: RequestTrace): void {
    const source = traceSource();
    const timer = setTimeout(() => this.keep(trace), LATE_MS).unref();
    this.answered.set(trace, { timer, source });
  }

  private keep(trace: RequestTrace): void {
    const pending = this.answered.get(trace);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.answered.delete(trace);
    const route = trace.route ?? 'unmatched';
    const id = `${trace.service} ${trace.method} ${route}`;
    const entry = this.endpoints.get(id) ?? {
      service: trace.service,
      method: trace.method,
      route,
      requests: 0,
      failed: 0,
      maxOps: 0,
      maxOpsSource: pending.source,
      maxRedis: 0,
    };
    entry.requests += 1;
    if (trace.status >= 500) {
      entry.failed += 1;
    } else if (trace.contended) {
      entry.contended = (entry.contended ?? 0) + 1;
    } else if (trace.ops > entry.maxOps) Object.assign(entry, { maxOps: trace.ops, maxOpsSource: pending.source });
    if (trace.status < 500) entry.maxRedis = Math.max(entry.maxRedis, trace.redis);
    this.endpoints.set(id, entry);
    this.dirty = true;
  }

  /** Follows a connection (its models' declared indexes) and keeps the file written while it is open. */
  connectionOpened(handle: object, service: string, models: Record<string, ModelLike>): void {
    this.connections.set(handle, { service, models });
    this.timer ??= setInterval(() => this.dirty && this.write(), FLUSH_MS).unref();
  }

  /** A connection closed: what is pending is kept and the file written (the process may end now). */
  connectionClosed(handle: object): void {
    if (!this.connections.has(handle)) return;
    for (const trace of [...this.answered.keys()]) this.keep(trace);
    this.write();
    this.connections.delete(handle);
    if (this.connections.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private declared(): TraceFile['declared'] {
    const out: TraceFile['declared'] = {};
    for (const { service, models } of this.connections.values()) {
      const collections = (out[service] ??= {});
      for (const model of Object.values(models)) {
        const indexes = (collections[model.collection.collectionName] ??= []);
        for (const [fields, options] of model.schema.indexes()) {
          const index: DeclaredIndex = { key: Object.entries(fields), ...(options?.unique ? { unique: true } : {}) };
          if (!indexes.some((i) => JSON.stringify(i) === JSON.stringify(index))) indexes.push(index);
        }
      }
    }
    return out;
  }

  /** Writes everything gathered so far (atomically: a reader never sees half a file). */
  write(): void {
    const shapes = [...this.shapes.values()].map(({ shape, contexts, pending, sources }) => {
      for (const request of pending) if (request.route) contexts.add(contextOf(request));
      const unanswered = [...pending].some((r) => !r.route) ? ['unanswered request'] : [];
      return { ...shape, contexts: [...new Set([...contexts, ...unanswered])], sources: [...sources] };
    });
    for (const entry of this.shapes.values()) for (const request of entry.pending) if (request.route) entry.pending.delete(request);
    const content: TraceFile = { shapes, endpoints: [...this.endpoints.values()], declared: this.declared() };
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(content));
    fs.renameSync(tmp, this.file);
    this.dirty = false;
  }
}
