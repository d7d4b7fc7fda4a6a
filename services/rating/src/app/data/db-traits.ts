import { type Connection } from 'mongoose';

/**
 * What the database server does for us. MongoDB isolates a conditional write (`findOneAndUpdate`
 * with a filter on `rev`, `version`, …). FerretDB 1.x does not, and pushes down only a filter on
 * `_id` alone: any other field makes it decode the whole collection. On FerretDB the service
 * therefore writes with `{_id}` filters and relies on its locks (PublicCache.lock: in process and
 * in Redis), having checked the condition itself under the lock; on MongoDB it keeps the
 * conditions as well, so a lock lost to a Redis failure cannot let two writers both win.
 */
const traits = { idOnlyFilters: false };

/** Asks the server who it is (FerretDB answers buildInfo with `ferretdbVersion`). Once per process. */
export async function detectDbTraits(connection: Connection): Promise<void> {
  try {
    const info = await connection.db!.admin().command({ buildInfo: 1 });
    traits.idOnlyFilters = 'ferretdbVersion' in info;
  } catch {
    traits.idOnlyFilters = false; // unknown server: keep the conditions (correct everywhere)
  }
}

export const idOnlyFilters = (): boolean => traits.idOnlyFilters;

/** The filter of a guarded write: `{_id}` plus the condition, or `{_id}` alone on FerretDB. */
export function guarded<K>(_id: K, condition: Record<string, unknown>): Record<string, unknown> {
  return traits.idOnlyFilters ? { _id } : { _id, ...condition };
}
