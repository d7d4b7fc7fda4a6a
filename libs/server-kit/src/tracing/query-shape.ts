// Reduces a database command (as the driver sends it) to the shapes of its queries: collection,
// operation, the filter's field paths with the kind of condition on each, and the sort keys.
// Values and projections are dropped: a shape says which index a query needs, nothing of its data.
// Used by the opt-in database trace (trace-recorder.ts) and by the index check of the test suite.

/** The kind of condition a filter puts on one field path. */
export type FieldKind = 'eq' | 'in' | 'range' | 'ne' | 'exists' | 'regex' | 'elemMatch' | 'other';

export interface QueryShape {
  collection: string;
  /** find, aggregate, count, distinct, update, updateMany, delete, deleteMany, findAndModify, insert. */
  op: string;
  /** Field path → kind of condition (a top-level `$and` is merged in). */
  filter: Record<string, FieldKind>;
  /** A top-level `$or`: each branch's own fields (the query needs an index per branch). */
  or?: Record<string, FieldKind>[];
  /** Sort keys in order, 1 or -1. */
  sort: [string, number][];
  /** Set when no index can serve the query whatever they are ($where, $expr, $text, $nor…). */
  scan?: string;
}

/** Commands that carry no query of a collection (handshakes, admin, cursors, index builds). */
const DATA_COMMANDS = new Set(['find', 'aggregate', 'count', 'distinct', 'update', 'delete', 'findAndModify', 'insert']);
const RANGE_OPS = new Set(['$gt', '$gte', '$lt', '$lte']);
const SCAN_OPS = new Set(['$where', '$expr', '$text', '$nor', '$jsonSchema', '$comment']);

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !isBsonValue(v);
/** BSON values (ObjectId, Decimal128, Binary…) compare as literals. */
const isBsonValue = (v: object) => typeof (v as { _bsontype?: unknown })._bsontype === 'string';
const isOperatorDoc = (v: unknown): v is Doc => isDoc(v) && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

/** The kind of condition `value` puts on a field (`{a: 1}` → eq, `{a: {$gt: 1}}` → range…). */
export function conditionKind(value: unknown): FieldKind {
  if (value instanceof RegExp || (isDoc(value) && isBsonValue(value) && (value as { _bsontype: string })._bsontype === 'BSONRegExp'))
    return 'regex';
  if (!isOperatorDoc(value)) return 'eq';
  const ops = Object.keys(value).filter((k) => k !== '$options');
  const kinds = ops.map((op): FieldKind => {
    if (op === '$eq') return conditionKind(value[op]) === 'regex' ? 'regex' : 'eq';
    if (op === '$in') return 'in';
    if (RANGE_OPS.has(op)) return 'range';
    if (op === '$ne' || op === '$nin' || op === '$not') return 'ne';
    if (op === '$exists') return 'exists';
    if (op === '$regex') return 'regex';
    if (op === '$elemMatch') return 'elemMatch';
    return 'other';
  });
  // Several operators on one field: the loosest one decides what an index can do with it.
  for (const kind of ['other', 'regex', 'elemMatch', 'exists', 'ne', 'range', 'in', 'eq'] as const) if (kinds.includes(kind)) return kind;
  return 'eq';
}

interface FilterShape {
  filter: Record<string, FieldKind>;
  or?: Record<string, FieldKind>[];
  scan?: string;
}

/** The shape of a query filter (`{}` or missing: no field). */
export function filterShape(filter: unknown): FilterShape {
  const out: FilterShape = { filter: {} };
  if (!isDoc(filter)) return out;
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const part of value.map(filterShape)) {
        Object.assign(out.filter, part.filter);
        if (part.or) out.or = [...(out.or ?? []), ...part.or];
        out.scan ??= part.scan;
      }
    } else if (key === '$or' && Array.isArray(value)) {
      const branches = value.map(filterShape);
      out.or = [...(out.or ?? []), ...branches.map((b) => b.filter)];
      out.scan ??= branches.find((b) => b.scan)?.scan ?? (branches.some((b) => b.or) ? 'nested $or' : undefined);
    } else if (SCAN_OPS.has(key)) {
      if (key !== '$comment') out.scan ??= key;
    } else {
      out.filter[key] = conditionKind(value);
    }
  }
  return out;
}

const sortKeys = (sort: unknown): [string, number][] =>
  isDoc(sort) ? Object.entries(sort).map(([k, v]) => [k, v === -1 || v === '-1' || v === 'desc' ? -1 : 1]) : [];

/** The leading `$match` stages (merged) and the `$sort` right after them. */
function pipelineShape(pipeline: unknown[]): FilterShape & { sort: [string, number][] } {
  const matches: unknown[] = [];
  let i = 0;
  for (; i < pipeline.length && isDoc(pipeline[i]) && '$match' in (pipeline[i] as Doc); i++) matches.push((pipeline[i] as Doc).$match);
  const next = pipeline[i] as Doc | undefined;
  const shape = filterShape(matches.length ? { $and: matches } : {});
  return { ...shape, sort: next && isDoc(next) && '$sort' in next ? sortKeys(next.$sort) : [] };
}

/** One query of a command: its shape, and the filter and sort it was sent with (to explain it). */
export interface SentQuery {
  shape: QueryShape;
  filter: unknown;
  sort?: unknown;
}

const query = (collection: string, op: string, filter: unknown, sort?: unknown): SentQuery => ({
  shape: { collection, op, ...filterShape(filter), sort: sortKeys(sort) },
  filter,
  sort,
});

/** The filter of a pipeline's leading `$match` stages, merged. */
function pipelineFilter(pipeline: unknown[]): unknown {
  const matches: unknown[] = [];
  for (let i = 0; i < pipeline.length && isDoc(pipeline[i]) && '$match' in (pipeline[i] as Doc); i++)
    matches.push((pipeline[i] as Doc).$match);
  return matches.length === 1 ? matches[0] : matches.length ? { $and: matches } : {};
}

/**
 * The queries of one command (an `update` or `delete` command holds one per statement; an insert
 * has one without a filter). Commands that query no collection give none.
 */
export function commandQueries(commandName: string, command: Doc): SentQuery[] {
  if (!DATA_COMMANDS.has(commandName)) return [];
  const collection = command[commandName];
  if (typeof collection !== 'string') return []; // `aggregate: 1` (database-level) and the like
  switch (commandName) {
    case 'find':
      return [query(collection, 'find', command.filter, command.sort)];
    case 'aggregate': {
      const pipeline = Array.isArray(command.pipeline) ? command.pipeline : [];
      return [{ shape: { collection, op: 'aggregate', ...pipelineShape(pipeline) }, filter: pipelineFilter(pipeline) }];
    }
    case 'count':
    case 'distinct':
      return [query(collection, commandName, command.query)];
    case 'findAndModify':
      return [query(collection, 'findAndModify', command.query, command.sort)];
    case 'update':
      return (Array.isArray(command.updates) ? (command.updates as Doc[]) : []).map((u) =>
        query(collection, u.multi ? 'updateMany' : 'update', u.q),
      );
    case 'delete':
      return (Array.isArray(command.deletes) ? (command.deletes as Doc[]) : []).map((d) =>
        query(collection, d.limit === 0 ? 'deleteMany' : 'delete', d.q),
      );
    default:
      return [{ shape: { collection, op: 'insert', filter: {}, sort: [] }, filter: undefined }];
  }
}

/** The query shapes of one command (see commandQueries). */
export const commandShapes = (commandName: string, command: Doc): QueryShape[] => commandQueries(commandName, command).map((q) => q.shape);

/** A stable one-line key of a shape: `reviews.find {visible:eq,createdAt:range} sort {createdAt:-1}`. */
export function shapeKey(shape: QueryShape): string {
  const fields = (f: Record<string, FieldKind>) =>
    `{${Object.entries(f)
      .map(([k, v]) => `${k}:${v}`)
      .join(',')}}`;
  const parts = [`${shape.collection}.${shape.op}`, fields(shape.filter)];
  if (shape.or) parts.push(`or [${shape.or.map(fields).join(' ')}]`);
  if (shape.sort.length) parts.push(`sort {${shape.sort.map(([k, d]) => `${k}:${d}`).join(',')}}`);
  if (shape.scan) parts.push(`scan ${shape.scan}`);
  return parts.join(' ');
}
