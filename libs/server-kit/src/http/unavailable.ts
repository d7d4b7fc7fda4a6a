import { isWriteConflict } from '../database/duplicate-key';
import { isDatabaseAwayState } from '../database/sql-state';

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
  /^(MongoServerSelectionError|MongooseServerSelectionError|MongoNetworkError|MongoNetworkTimeoutError|MongoNotConnectedError|MongoTopologyClosedError|MongoPoolClearedError|PoolClearedOnNetworkError|MongoPoolClosedError|MongoExpiredSessionError)$/;
const BUFFERING = /buffering timed out|Client must be connected|connection .* closed|Topology is closed/i;
// A socket to the database that broke under a request (the server killed mid-write), when the driver passes it on unwrapped.
const SOCKET_BROKEN = new Set(['EPIPE', 'ECONNRESET', 'ECONNREFUSED']);
// MongoDB's codes for a server that is going away, restarting, stepping down or out of time (its error_codes.yml:
// NetworkError, ShutdownError, NotPrimaryError, RetriableError and ExceededTimeLimitError), and 251 NoSuchTransaction: a
// transaction the server no longer knows, which a restarted server (DocumentDB included, without MongoDB's label) answers
// to the next operation of a transaction begun before.
const SERVER_GOING_AWAY = new Set([6, 7, 50, 64, 89, 91, 134, 189, 202, 251, 262, 9001, 10107, 11600, 11602, 13435, 13436]);
// The driver's labels for an operation whose failure is transient or whose outcome is unknown.
const TRANSIENT_LABELS = ['TransientTransactionError', 'UnknownTransactionCommitResult', 'RetryableWriteError', 'SystemOverloadedError'];
// What the driver throws when an operation ran out of time waiting (a pool's queue, the client-side timeout).
const TIMED_OUT = /^(MongoWaitQueueTimeoutError|MongoOperationTimeoutError)$/;

/**
 * Is `err` the database (or Redis) being out of reach, restarting, out of time, or too busy for now
 * (a write conflict still lost after its retries: a row held by a transaction the database has not
 * ended yet), as opposed to a bug or a bad request? Such an error answers 503 with `Retry-After`.
 */
export function isDependencyDown(err: unknown): boolean {
  if (err instanceof DependencyUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  if (isWriteConflict(err)) return true;
  if (DATABASE_DOWN.test(err.name) || TIMED_OUT.test(err.name)) return true;
  const { code, hasErrorLabel } = err as { code?: unknown; hasErrorLabel?: (label: string) => boolean };
  if (err.name.startsWith('Mongo') && ((typeof code === 'number' && SERVER_GOING_AWAY.has(code)) || isDatabaseAwayState(err))) return true;
  if (typeof hasErrorLabel === 'function' && TRANSIENT_LABELS.some((label) => hasErrorLabel.call(err, label))) return true;
  if (err.name === 'MongooseError' && BUFFERING.test(err.message)) return true;
  if (SOCKET_BROKEN.has((err as NodeJS.ErrnoException).code ?? '') || /socket has been ended by the other party/.test(err.message))
    return true;
  return err.cause instanceof Error && err.cause !== err && isDependencyDown(err.cause);
}
