import { type CommunityCategory } from '@pupitre/contracts';
import { type ListDoc, type ListEntry } from './review-lists';

/** One entry as stored: `[id, teacherId, subjectId, year, tot, text, relUp, relTotal, createdAt ms, publishedAt ms]` (older lists: no publishedAt). */
type Tuple = [number, number, number, number, number, string, number, number, number, number?];

/**
 * A list as stored in `review_lists`: the categories as ONE JSON string of tuples. FerretDB 1.x
 * stores documents as JSON with a type schema per value and decodes them field by field: a list of
 * 300 nested entries costs ~25 ms to read and as much to write there, the same list as one string
 * ~2 ms. MongoDB does not care either way.
 */
export interface StoredList {
  _id: string;
  v: number;
  entries: string;
  complete: ListDoc['complete'];
  stale: boolean;
  builtAt?: Date;
  /** Lists written before the string format (read, rewritten on their next write). */
  cats?: ListDoc['cats'];
}

const toTuple = (e: ListEntry): Tuple => {
  const tuple: Tuple = [e.id, e.teacherId, e.subjectId, e.year, e.tot, e.text, e.relUp, e.relTotal, new Date(e.createdAt).getTime()];
  if (e.from !== undefined) tuple.push(e.from);
  return tuple;
};
const fromTuple = ([id, teacherId, subjectId, year, tot, text, relUp, relTotal, at, from]: Tuple): ListEntry => ({
  id,
  teacherId,
  subjectId,
  year,
  tot,
  text,
  relUp,
  relTotal,
  createdAt: new Date(at),
  ...(typeof from === 'number' ? { from } : {}),
});

/** The categories and, under `upcoming`, the entries that show later (one JSON string). */
export function encodeList(doc: ListDoc): Omit<StoredList, 'cats'> {
  const cats: Record<string, Tuple[]> = Object.fromEntries(Object.entries(doc.cats).map(([cat, list]) => [cat, list.map(toTuple)]));
  if (doc.upcoming.length) cats.upcoming = doc.upcoming.map(toTuple);
  return { _id: doc._id, v: doc.v, entries: JSON.stringify(cats), complete: doc.complete, stale: doc.stale, ...(doc.builtAt ? { builtAt: doc.builtAt } : {}) };
}

export function decodeList(stored: StoredList): ListDoc {
  let cats: ListDoc['cats'];
  let upcoming: ListEntry[] = [];
  if (typeof stored.entries === 'string') {
    const { upcoming: later = [], ...tuples } = JSON.parse(stored.entries) as Record<CommunityCategory | 'upcoming', Tuple[]>;
    cats = Object.fromEntries(Object.entries(tuples).map(([cat, list]) => [cat, list.map(fromTuple)])) as ListDoc['cats'];
    upcoming = later.map(fromTuple);
  } else {
    cats = stored.cats ?? ({ recent: [], highest: [], lowest: [], relevant: [] } as ListDoc['cats']);
  }
  return { _id: stored._id, v: stored.v, cats, upcoming, complete: stored.complete, stale: stored.stale, ...(stored.builtAt ? { builtAt: stored.builtAt } : {}) };
}
