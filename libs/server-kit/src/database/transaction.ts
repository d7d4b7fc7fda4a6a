import { type ClientSession, type MongoClient } from 'mongodb';
import { DependencyUnavailableError, isDependencyDown } from '../http/unavailable';
import { markContended } from '../tracing/request-trace';
import { conflictPause, isWriteConflict, WRITE_CONFLICT_ATTEMPTS } from './duplicate-key';

type Labelled = { code?: unknown; hasErrorLabel?: (label: string) => boolean };
const hasLabel = (err: unknown, label: string) => Boolean((err as Labelled).hasErrorLabel?.(label));
/** 251 NoSuchTransaction: the server no longer knows the transaction (it restarted meanwhile), so nothing of it was written. */
const isNoSuchTransaction = (err: unknown) => (err as Labelled).code === 251;

/**
 * Whether a transaction that failed this way was not written and may run again from the start: a lost write conflict
 * (MongoDB labels it TransientTransactionError; DocumentDB answers code 112 without a label), or a transaction the
 * server forgot (251: a restart between two of its operations; DocumentDB answers it without MongoDB's label too).
 */
const transient = (err: unknown) => isWriteConflict(err) || isNoSuchTransaction(err) || hasLabel(err, 'TransientTransactionError');

/**
 * The commit was sent and its answer lost, and sending it again did not tell whether it was written: the transaction
 * must not run again (its increments could be applied twice). Answered 503; the caller's state is exactly
 * "written or not", never half, and a retry by the client finds out which (an idempotency key, a unique key).
 */
export class CommitOutcomeUnknownError extends DependencyUnavailableError {
  constructor(cause: unknown) {
    super('database', cause);
    this.name = 'CommitOutcomeUnknownError';
  }
}

/**
 * Runs `work` in a multi-document transaction and commits it; again, from the start, when the
 * transaction was certainly not written (`transient` above). `work` returns false to abort without
 * an error (a compare-and-set that matched nothing): nothing is written then.
 */
export async function inTransaction(client: MongoClient, work: (session: ClientSession) => Promise<boolean>): Promise<boolean> {
  const session = client.startSession();
  try {
    for (let attempt = 1; ; attempt += 1) {
      session.startTransaction({ writeConcern: { w: 'majority' } });
      try {
        if (!(await work(session))) {
          await session.abortTransaction();
          return false;
        }
        await commit(session);
        return true;
      } catch (err) {
        if (session.inTransaction()) await session.abortTransaction().catch(() => undefined);
        if (!transient(err) || attempt >= WRITE_CONFLICT_ATTEMPTS) throw err;
        markContended();
        await conflictPause(attempt);
      }
    }
  } finally {
    await session.endSession().catch(() => undefined);
  }
}

/**
 * Commits, again when the outcome of the commit is unknown (a network error on its answer): committing twice is safe.
 * A write conflict on the first try is a refusal (nothing written: the transaction runs again). Any other failure of a
 * commit that reached the server (an error after an unknown outcome, 251 after the driver's own retry, the connection
 * lost) says nothing of whether it was written: CommitOutcomeUnknownError, never run again as a whole.
 */
async function commit(session: ClientSession): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await session.commitTransaction();
      return;
    } catch (err) {
      const unknown = hasLabel(err, 'UnknownTransactionCommitResult');
      if (unknown && attempt < 3) continue;
      if (attempt === 1 && isWriteConflict(err)) throw err;
      if (unknown || attempt > 1 || isNoSuchTransaction(err) || isDependencyDown(err)) throw new CommitOutcomeUnknownError(err);
      throw err;
    }
  }
}
