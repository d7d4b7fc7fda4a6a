import mongoose, { type Connection } from 'mongoose';
import { dropDatabase } from './drop-database';
import { testDatabaseName } from './test-database-name';

export interface TestDatabase {
  /** Open during the file's tests (from `beforeAll` to `afterAll`). */
  readonly conn: Connection;
  readonly uri: string;
  readonly dbName: string;
}

/**
 * A mongoose connection to the test file's own database on the integration database server: opened
 * before the file's tests, closed and the database dropped after them. Call it in a `describe`.
 */
export function useTestDatabase(testFile: string): TestDatabase {
  const uri = process.env.MONGODB_URI;
  if (!uri) throw new Error('MONGODB_URI is not set: is the integration global setup running?');
  const dbName = testDatabaseName(testFile);
  let conn: Connection | undefined;
  beforeAll(async () => {
    conn = await mongoose.createConnection(uri, { dbName }).asPromise();
  });
  afterAll(async () => {
    await conn?.close();
    await dropDatabase(uri, dbName);
  });
  return {
    get conn() {
      if (!conn) throw new Error('the test database is open only while the tests run');
      return conn;
    },
    uri,
    dbName,
  };
}
