// The database restarted (kill -9) between two operations of a transaction: the server no longer
// knows it, and answers the next operation 251 NoSuchTransaction (DocumentDB without MongoDB's
// TransientTransactionError label). Mid-burst, a create that met it answered 500. Nothing of such
// a transaction was written: it is run again from the start, once, and any request that still
// meets the error answers 503 with Retry-After.
import { inTransaction, toErrorReply } from '@pupitre/server-kit';
import { freePort } from '@pupitre/server-kit/testing';
import { type Db, MongoClient } from 'mongodb';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { databaseUri } from '../../../../infra/local/lib/mongo.mjs';
import { databaseLauncher } from '../../testing/cluster/launchers';
import { ManagedProcess } from '../../testing/cluster/managed-process';

jest.setTimeout(120_000);

describe('a database restart between two operations of a transaction', () => {
  let dir: string;
  let db: ManagedProcess;
  let client: MongoClient;
  let docs: Db;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-restart-'));
    const port = await freePort();
    db = new ManagedProcess('database', databaseLauncher(port, dir));
    await db.start();
    client = new MongoClient(databaseUri({ port, dataDir: path.join(dir, 'db') }), { serverSelectionTimeoutMS: 20_000 });
    docs = client.db('restart_mid_transaction');
    await docs.collection('figures').insertOne({ _id: 'n' as never, n: 0 });
  }, 90_000);
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await db?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** kill -9 and start again; then a first operation on a new connection (the pool's old ones died with the server). */
  async function restart(): Promise<void> {
    await db.kill();
    await db.start();
    for (let tries = 0; ; tries++) {
      try {
        await docs.command({ ping: 1 });
        return;
      } catch (err) {
        if (tries >= 20) throw err;
      }
    }
  }

  it('is answered 251 and classified 503 (with Retry-After), not 500', async () => {
    const session = client.startSession();
    try {
      session.startTransaction();
      await docs.collection('reviews').insertOne({ _id: 'x' as never }, { session });
      await restart();
      const failure = await docs
        .collection('figures')
        .updateOne({ _id: 'n' as never }, { $inc: { n: 1 } }, { session })
        .catch((err: unknown) => err);
      expect((failure as { code?: number }).code).toBe(251);
      expect(toErrorReply(failure)).toMatchObject({ status: 503, headers: { 'Retry-After': '5' } });
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await docs.collection('reviews').countDocuments({ _id: 'x' as never })).toBe(0);
  });

  it('is run again from the start by inTransaction, and written exactly once', async () => {
    let runs = 0;
    const done = await inTransaction(client, async (session) => {
      runs += 1;
      await docs.collection('reviews').insertOne({ _id: 'y' as never }, { session });
      if (runs === 1) await restart();
      await docs.collection('figures').updateOne({ _id: 'n' as never }, { $inc: { n: 1 } }, { session });
      return true;
    });
    expect({ done, runs }).toEqual({ done: true, runs: 2 });
    expect(await docs.collection('reviews').countDocuments({ _id: 'y' as never })).toBe(1);
    expect((await docs.collection('figures').findOne({ _id: 'n' as never }))?.n).toBe(1);
  });
});
