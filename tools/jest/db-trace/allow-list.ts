// Query shapes no declared index serves that the services send on purpose. Each entry names the
// collection, the operations and the exact set of filter fields it admits (none: `fields: []`), and
// says why the scan is fine (in production, on MongoDB, with the collection's expected size).
// Anything else a service sends must be served by `_id` or an index its mongoose schemas declare.

export interface AllowedShape {
  collection: string;
  ops: string[];
  /** The filter's field paths, exactly (order free); `[]` = no condition (the whole collection). */
  fields: string[];
  /** Admitted only outside requests (start-up, jobs): a request sending it still fails. */
  backgroundOnly?: boolean;
  why: string;
}

const MIGRATIONS =
  'one-time migrations at start-up (rating: indexed-reads-v1): they run once per database, then are marked done in `migrations`';

export const ALLOWED_SHAPES: AllowedShape[] = [
  // The catalogue: a school's subjects (tens) and teachers (hundreds), loaded whole into each API
  // process's memory (CatalogueSnapshot) and reloaded after a catalogue change; pages, search and
  // the ranking are then served from memory.
  { collection: 'teachers', ops: ['find'], fields: [], why: 'the catalogue snapshot (hundreds of teachers), loaded whole into memory' },
  { collection: 'subjects', ops: ['find'], fields: [], why: 'the catalogue snapshot (tens of subjects), loaded whole into memory' },
  { collection: 'teachers', ops: ['find'], fields: ['prefix', 'name'], why: 'admin: the duplicate check of a new teacher among hundreds' },
  // Each teacher's listed figures (one small document per teacher: hundreds), read by each process at its first look and
  // every 30 s (FiguresFeed; in between only what changed, index `changedAt`); the admin's list and the worker's monthly
  // breakdowns read them whole; replaced whole by the seed and the migration.
  {
    collection: 'teacher_stats',
    ops: ['find'],
    fields: [],
    why: "every teacher's listed figures (hundreds of small documents): a process's first look and one every 30 s",
  },
  {
    collection: 'teacher_stats',
    ops: ['deleteMany'],
    fields: ['_id'],
    backgroundOnly: true,
    why: 'the figures rebuilt from the reviews (seed, migration): the teachers left without a public review',
  },
  // Short to-do lists, read whole by the worker's reconciler (review_tasks is read by its due-time index, in pages).
  {
    collection: 'outbox',
    ops: ['find'],
    fields: [],
    backgroundOnly: true,
    why: "rating: the events of moderators' decisions not yet queued (empty but for a crash or a Redis outage), read whole by the reconciler",
  },
  // Every review, read by one worker of all for the hourly transparency figures (a projection of the dates they count), by the
  // seed and by the one-time migrations. A user's erasure finds their votes, reports, reviews and replies by index.
  {
    collection: 'reviews',
    ops: ['find'],
    fields: [],
    backgroundOnly: true,
    why: 'the transparency figures (one worker of all, hourly, a projection), the seed and the migrations: never per request',
  },
  {
    collection: 'reviews',
    ops: ['find'],
    fields: ['votes'],
    backgroundOnly: true,
    why: `${MIGRATIONS}; voters-v1: the reviews whose votes are still the earlier JSON text (none once done)`,
  },
  // One-time migration (rating, start-up): it scans its collection once per database.
  {
    collection: 'profiles',
    ops: ['find'],
    fields: [],
    backgroundOnly: true,
    why: MIGRATIONS,
  },
  ...['user_index', 'teachers'].map((collection) => ({
    collection,
    ops: ['updateMany'],
    fields: [],
    backgroundOnly: true,
    why: `${MIGRATIONS}: fields of the earlier design dropped`,
  })),
];
