/** Statements per `update` command: FerretDB 1.24 deadlocks on 100 or more (see below). */
export const BULK_CHUNK = 50;

/**
 * Runs bulk write operations a chunk at a time. FerretDB 1.24 keeps each statement's query open
 * (one SQLite connection) until the whole `update` command ends, and each statement's write needs
 * another: with 100 statements its pool of 100 connections is exhausted and the command hangs for
 * ever, holding the database. MongoDB does not care.
 */
export async function bulkWriteInChunks<T>(ops: T[], write: (chunk: T[]) => Promise<unknown>, size = BULK_CHUNK): Promise<void> {
  for (let i = 0; i < ops.length; i += size) await write(ops.slice(i, i + size));
}
