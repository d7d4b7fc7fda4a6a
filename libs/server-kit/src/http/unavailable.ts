import { isWriteConflict } from '../database/duplicate-key';

/** Seconds a client should wait before retrying while a dependency (database, Redis) is down. */
export const RETRY_AFTER_S = 5;

/** Thrown when a dependency the request needs is down: answered 503 `{"error": "unavailable"}` with `Retry-After`. */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: 'database' | 'redis',
    cause?: unknown,
  ) {
    super(`${dependency} unavailable`, { cause });
    this.name = 'DependencyUnavailableError';
  }
}

// What the MongoDB driver and mongoose throw when the database cannot be reached (not a bad query).
const DATABASE_DOWN =
  /^(MongoServerSelectionError|MongooseServerSelectionError|MongoNetworkError|MongoNetworkTimeoutError|MongoNotConnectedError|MongoTopologyClosedError|MongoPoolClearedError|MongoExpiredSessionError)$/;
const BUFFERING = /buffering timed out|Client must be connected|connection .* closed|Topology is closed/i;
// A socket to the database that broke under a request (the server killed mid-write), when the driver passes it on unwrapped.
const SOCKET_BROKEN = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);

/**
 * Is `err` the database (or Redis) being out of reach, or too busy for now (a write conflict still
 * lost after its retries: a row held by a transaction the database has not ended yet), as opposed
 * to a bug or a bad request?
 */
export function isDependencyDown(err: unknown): boolean {
  if (err instanceof DependencyUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  if (isWriteConflict(err)) return true;
  if (DATABASE_DOWN.test(err.name)) return true;
  if (err.name === 'MongooseError' && BUFFERING.test(err.message)) return true;
  if (SOCKET_BROKEN.has((err as NodeJS.ErrnoException).code ?? '') || /socket has been ended by the other party/.test(err.message))
    return true;
  return err.cause instanceof Error && err.cause !== err && isDependencyDown(err.cause);
}
