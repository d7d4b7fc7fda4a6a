import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, ObjectId } from 'mongodb';
import { freePort } from './ports.mjs';
import { startMongo } from './mongo.mjs';

// Our FerretDB build (infra/local/ferretdb/id_index.go) indexes the exact `_id` expression that
// FerretDB's SQLite pushdown queries, which its own `_id_` index does not match. This starts a
// FerretDB of its own, lets it index a collection, and asks SQLite how it plans FerretDB's query.
const sqlite = (() => {
  try {
    return process.getBuiltinModule('node:sqlite') as typeof import('node:sqlite') | undefined;
  } catch {
    return undefined;
  }
})();

(sqlite ? describe : describe.skip)('FerretDB _id path index', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ferret-id-index-'));
  let stop: () => Promise<void>;
  let client: MongoClient;
  let kind = '';

  beforeAll(async () => {
    const mongo = await startMongo({
      port: await freePort(),
      dataDir: path.join(dir, 'db'),
      logFile: path.join(dir, 'db.log'),
      useEnv: false,
      log: () => undefined,
    });
    stop = mongo.stop;
    kind = mongo.kind;
    client = await MongoClient.connect(mongo.uri);
  }, 180_000);

  afterAll(async () => {
    await client?.close();
    await stop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('makes SQLite search, not scan, on an _id lookup of every collection', async () => {
    if (!kind.startsWith('FerretDB')) return; // a mongod on PATH: MongoDB indexes _id itself
    const db = client.db('idindex');
    await db
      .collection<{ _id: ObjectId; n: number }>('reviews')
      .insertMany(Array.from({ length: 500 }, (_, n) => ({ _id: new ObjectId(), n })));
    await db.collection<{ _id: string }>('lists').insertOne({ _id: 'community' });
    const { DatabaseSync } = sqlite!;
    const file = path.join(dir, 'db', 'idindex.sqlite');
    const plans = async () => {
      const sqlite = new DatabaseSync(file, { readOnly: true });
      try {
        const tables = sqlite.prepare('SELECT table_name AS t FROM _ferretdb_collections').all() as { t: string }[];
        return tables.map(({ t }) =>
          sqlite
            .prepare(`EXPLAIN QUERY PLAN SELECT _ferretdb_sjson FROM "${t}" WHERE _ferretdb_sjson->'$._id' = ?`)
            .all('"x"')
            .map((r) => String((r as { detail: string }).detail))
            .join(' '),
        );
      } finally {
        sqlite.close();
      }
    };
    let found: string[] = [];
    for (let i = 0; i < 50; i++) {
      found = await plans();
      if (found.length === 2 && found.every((p) => p.includes('USING INDEX') && p.includes('_pupitre_id_path'))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(found).toHaveLength(2);
    for (const plan of found) expect(plan).toMatch(/SEARCH .* USING INDEX \S+_pupitre_id_path/);
    // The index is invisible to MongoDB clients: listIndexes is unchanged.
    expect((await db.collection('reviews').indexes()).map((i) => i.name)).toEqual(['_id_']);
  }, 60_000);
});
