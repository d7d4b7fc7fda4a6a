import { type ClientSession, type MongoClient } from 'mongodb';
import { markContended } from '../tracing/request-trace';
import { conflictPause, isWriteConflict, WRITE_CONFLICT_ATTEMPTS } from './duplicate-key';

const transient = (err: unknown) =>
  isWriteConflict(err) || Boolean((err as { hasErrorLabel?: (l: string) => boolean }).hasErrorLabel?.('TransientTransactionError'));

/**
 * Runs `work` in a multi-document transaction and commits it; again, from the start, when the
 * transaction lost a write conflict (MongoDB labels it TransientTransactionError; DocumentDB answers
 * code 112 without a label, so the driver's withTransaction would give up at once). `work` returns
 * false to abort without an error (a compare-and-set that matched nothing): nothing is written then.
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
    await session.endSession();
  }
}

/** Commits, again when the outcome of the commit is unknown (a network error on its answer): committing twice is safe. */
async function commit(session: ClientSession): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await session.commitTransaction();
      return;
    } catch (err) {
      const unknown = (err as { hasErrorLabel?: (l: string) => boolean }).hasErrorLabel?.('UnknownTransactionCommitResult');
      if (!unknown || attempt >= 3) throw err;
    }
  }
}
