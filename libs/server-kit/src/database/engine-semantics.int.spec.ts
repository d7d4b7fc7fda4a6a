// The database engine's concurrency guarantees the services rely on, measured on the suite's own
// database (DocumentDB locally and in CI, MongoDB when MONGODB_URI points at one): the probes of
// shared/reference/documentdb.md. Each fails if the engine (or a setting of the local stack) stops
// giving what the write paths assume.
import { MongoClient, type Db } from 'mongodb';
import { dropDatabase, testDatabaseName } from '../testing';
import { isDuplicateKey, writeRetried } from './duplicate-key';
import { inTransaction } from './transaction';

jest.setTimeout(120_000);

const CLIENTS = 50;

describe('the database engine under concurrent writers', () => {
  const uri = process.env.MONGODB_URI ?? '';
  const dbName = testDatabaseName(__filename);
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    client = await new MongoClient(uri, { maxPoolSize: CLIENTS, minPoolSize: CLIENTS }).connect();
    db = client.db(dbName);
  });
  afterAll(async () => {
    await client.close();
    await dropDatabase(uri, dbName);
  });

  const inParallel = <T>(n: number, run: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => run(i)));

  it(`$inc is exact: ${CLIENTS} writers × 20 increments of one existing document make ${CLIENTS * 20}`, async () => {
    const counters = db.collection<{ _id: string; n: number }>('inc');
    await counters.insertOne({ _id: 'c', n: 0 });
    await inParallel(CLIENTS, async () => {
      for (let i = 0; i < 20; i++) await counters.updateOne({ _id: 'c' }, { $inc: { n: 1 } });
    });
    expect((await counters.findOne({ _id: 'c' }))?.n).toBe(CLIENTS * 20);
  });

  it(`compare-and-set loses nothing: ${CLIENTS} writers each move a version on once, by a condition in the write's filter`, async () => {
    const docs = db.collection<{ _id: string; version: number; by: number[] }>('cas');
    await docs.insertOne({ _id: 'd', version: 0, by: [] });
    let retries = 0;
    await inParallel(CLIENTS, async (writer) => {
      for (;;) {
        const current = await docs.findOne({ _id: 'd' });
        const done = await docs.updateOne(
          { _id: 'd', version: current!.version },
          { $set: { version: current!.version + 1, by: [...current!.by, writer] } },
        );
        if (done.modifiedCount === 1) return;
        retries += 1;
      }
    });
    const final = await docs.findOne({ _id: 'd' });
    expect(final?.version).toBe(CLIENTS);
    expect([...(final?.by ?? [])].sort((a, b) => a - b)).toEqual(Array.from({ length: CLIENTS }, (_, i) => i));
    expect(retries).toBeGreaterThan(0); // they did collide
  });

  it(`a unique key holds under ${CLIENTS} concurrent inserts: one document, one success, the rest a duplicate key (write conflicts retried)`, async () => {
    for (let round = 0; round < 3; round++) {
      const docs = db.collection<{ _id: string; writer: number }>(`unique_${round}`);
      const outcomes = await inParallel(CLIENTS, (writer) =>
        writeRetried(() => docs.insertOne({ _id: 'k', writer })).then(
          () => 'inserted',
          (err: unknown) => (isDuplicateKey(err) ? 'duplicate' : `other: ${(err as Error).message}`),
        ),
      );
      expect({ inserted: outcomes.filter((o) => o === 'inserted').length, others: outcomes.filter((o) => o.startsWith('other')) }).toEqual({
        inserted: 1,
        others: [],
      });
      expect(await docs.countDocuments()).toBe(1);
    }
  });

  it('a transaction of a compare-and-set and an $inc elsewhere: 30 concurrent ones all land, each exactly once, both or neither', async () => {
    const docs = db.collection<{ _id: string; version: number }>('tx_docs');
    const sums = db.collection<{ _id: string; n: number }>('tx_sums');
    await docs.insertOne({ _id: 'd', version: 0 });
    await sums.insertOne({ _id: 's', n: 0 });
    let aborted = 0;
    await inParallel(30, async () => {
      for (;;) {
        const current = await docs.findOne({ _id: 'd' });
        const done = await inTransaction(client, async (session) => {
          const moved = await docs.updateOne({ _id: 'd', version: current!.version }, { $inc: { version: 1 } }, { session });
          if (moved.modifiedCount !== 1) return false;
          await sums.updateOne({ _id: 's' }, { $inc: { n: 1 } }, { session });
          return true;
        });
        if (done) return;
        aborted += 1;
      }
    });
    expect({ version: (await docs.findOne({ _id: 'd' }))?.version, n: (await sums.findOne({ _id: 's' }))?.n }).toEqual({
      version: 30,
      n: 30,
    });
    expect(aborted).toBeGreaterThan(0); // some lost the compare-and-set, aborted, and wrote nothing
  });
});
