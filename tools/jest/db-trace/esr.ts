// Does a declared index serve a query shape? MongoDB's ESR rule: the query's Equality fields, then
// its Sort keys, then its Range fields must be a prefix of one index (in that order; the equality
// fields in any order among themselves, a sort on an equality field is free, the sort directions
// all as the index's or all reversed). `$in` counts as equality (MongoDB merges the sorted runs).
// `$ne`, `$nin`, `$exists`, a regex, `$elemMatch` and other operators count as range fields: the
// index must hold them for the condition to be checked on its keys instead of on fetched documents.
import { type FieldKind, type QueryShape } from '../../../libs/server-kit/src/tracing/query-shape';
import { type DeclaredIndex } from '../../../libs/server-kit/src/tracing/trace-recorder';

export const ID_INDEX: DeclaredIndex = { key: [['_id', 1]], unique: true };

const EQUALITY: ReadonlySet<FieldKind> = new Set(['eq', 'in']);

export const describeIndex = (index: DeclaredIndex) =>
  `{${index.key.map(([f, d]) => `${f}:${d}`).join(',')}}${index.unique ? ' unique' : ''}`;

/** Whether `index` serves a query on `filter` sorted by `sort` (see the rule above). */
export function indexServes(index: DeclaredIndex, filter: Record<string, FieldKind>, sort: [string, number][]): boolean {
  const fields = index.key.map(([f]) => f);
  const equality = new Set(Object.keys(filter).filter((f) => EQUALITY.has(filter[f])));
  // A point lookup: every field of a unique index matched by equality reads at most one document
  // per value, whatever else the filter says and however it is sorted.
  if (index.unique && fields.every((f) => equality.has(f))) return true;
  let i = 0;
  while (i < fields.length && equality.has(fields[i])) i++;
  if (i !== equality.size) return false;
  let relation = 0;
  const sortKeys = sort.filter(([f]) => !equality.has(f));
  for (const [field, direction] of sortKeys) {
    const [indexField, indexDirection] = index.key[i] ?? [];
    if (indexField !== field || typeof indexDirection !== 'number') return false;
    const r = indexDirection === direction ? 1 : -1;
    if (relation && r !== relation) return false;
    relation = r;
    i++;
  }
  const sorted = new Set(sortKeys.map(([f]) => f));
  const range = Object.keys(filter).filter((f) => !equality.has(f) && !sorted.has(f));
  const next = fields.slice(i, i + range.length);
  return range.every((f) => next.includes(f));
}

/**
 * The indexes that serve a shape (one per `$or` branch), `[]` for an operation that looks nothing
 * up (an insert, a count of the whole collection), or null when none does: a collection scan, or a
 * filter or sort outside every declared index. A query without any condition reads the whole
 * collection: never served (only the allow-list admits it).
 */
export function servingIndexes(shape: QueryShape, indexes: DeclaredIndex[]): DeclaredIndex[] | null {
  if (shape.op === 'insert') return [];
  if (shape.scan) return null;
  const branches = shape.or ? shape.or.map((b) => ({ ...shape.filter, ...b })) : [shape.filter];
  if (!shape.or && Object.keys(shape.filter).length === 0) return shape.op === 'count' && shape.sort.length === 0 ? [] : null;
  const used: DeclaredIndex[] = [];
  for (const filter of branches) {
    if (Object.keys(filter).length === 0) return null;
    const index = indexes.find((i) => indexServes(i, filter, shape.sort));
    if (!index) return null;
    used.push(index);
  }
  return used;
}

/**
 * For a shape no index serves: the declared index whose prefix holds the most of its fields, and
 * the fields left to be checked on fetched documents (or sorted in memory). For the report only.
 */
export function closestIndex(shape: QueryShape, indexes: DeclaredIndex[]): { index: DeclaredIndex | null; uncovered: string[] } {
  const wanted = new Set([...Object.keys(shape.filter), ...(shape.or ?? []).flatMap(Object.keys), ...shape.sort.map(([f]) => f)]);
  let best: { index: DeclaredIndex | null; covered: number } = { index: null, covered: 0 };
  for (const index of indexes) {
    let covered = 0;
    while (covered < index.key.length && wanted.has(index.key[covered][0])) covered++;
    if (covered > best.covered) best = { index, covered };
  }
  const held = new Set(best.index?.key.slice(0, best.covered).map(([f]) => f) ?? []);
  return { index: best.index, uncovered: [...wanted].filter((f) => !held.has(f)) };
}
