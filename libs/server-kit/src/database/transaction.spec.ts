import { type ClientSession, type MongoClient, MongoNetworkError, MongoServerError } from 'mongodb';
import { toErrorReply } from '../http/exception-body';
import { CommitOutcomeUnknownError, inTransaction } from './transaction';

const serverError = (code: number, labels: string[] = []) => {
  const err = new MongoServerError({ message: `code ${code}`, code, errmsg: `code ${code}` });
  for (const label of labels) err.addErrorLabel(label);
  return err;
};
const unknownResult = () => {
  const err = new MongoNetworkError('connection closed');
  err.addErrorLabel('UnknownTransactionCommitResult');
  return err;
};

/** A session whose commits fail as `commits` says, one entry per call (undefined: it commits). */
function fakeClient(commits: (Error | undefined)[] = []) {
  const calls = { started: 0, commits: 0, aborts: 0, ended: 0 };
  let open = false;
  const session = {
    startTransaction: () => ((open = true), calls.started++),
    inTransaction: () => open,
    commitTransaction: async () => {
      const failure = commits[calls.commits++];
      if (failure) throw failure;
      open = false;
    },
    abortTransaction: async () => ((open = false), calls.aborts++),
    endSession: async () => calls.ended++,
  } as unknown as ClientSession;
  return { client: { startSession: () => session } as unknown as MongoClient, calls };
}

describe('inTransaction', () => {
  it('runs the transaction again when the server forgot it between two operations (251 after a restart): nothing of it was written', async () => {
    const { client, calls } = fakeClient();
    let runs = 0;
    const done = await inTransaction(client, async () => {
      runs += 1;
      if (runs === 1) throw serverError(251);
      return true;
    });
    expect({ done, runs, commits: calls.commits, ended: calls.ended }).toEqual({ done: true, runs: 2, commits: 1, ended: 1 });
  });

  it('sends a commit whose answer was lost again, and never runs the transaction twice', async () => {
    const { client, calls } = fakeClient([unknownResult(), undefined]);
    let runs = 0;
    await expect(inTransaction(client, async () => (runs++, true))).resolves.toBe(true);
    expect({ runs, commits: calls.commits }).toEqual({ runs: 1, commits: 2 });
  });

  it('answers 503 without running it again when a commit may have been written (an unknown outcome, then 251)', async () => {
    const { client, calls } = fakeClient([unknownResult(), serverError(251)]);
    let runs = 0;
    const failure = await inTransaction(client, async () => (runs++, true)).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(CommitOutcomeUnknownError);
    expect(toErrorReply(failure).status).toBe(503);
    expect({ runs, commits: calls.commits, ended: calls.ended }).toEqual({ runs: 1, commits: 2, ended: 1 });
  });

  it('treats 251 on the commit itself as an unknown outcome (the driver may have sent it twice), not as a refusal', async () => {
    const { client } = fakeClient([serverError(251)]);
    let runs = 0;
    await expect(inTransaction(client, async () => (runs++, true))).rejects.toBeInstanceOf(CommitOutcomeUnknownError);
    expect(runs).toBe(1);
  });

  it('runs it again after a write conflict on the commit (refused: nothing written)', async () => {
    const { client } = fakeClient([serverError(112)]);
    let runs = 0;
    await expect(inTransaction(client, async () => (runs++, true))).resolves.toBe(true);
    expect(runs).toBe(2);
  });
});
