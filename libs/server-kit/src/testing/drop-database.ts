import mongoose from 'mongoose';

/**
 * Drops a test database (call it in `afterAll`). DocumentDB may answer "deadlock detected" when the
 * drop meets the last writes of a service just closed: it is tried again, a few times.
 */
export async function dropDatabase(uri: string, dbName: string): Promise<void> {
  const connection = await mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await connection.dropDatabase();
        return;
      } catch (err) {
        if (attempt >= 5 || !/deadlock detected/i.test((err as Error).message)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await connection.close();
  }
}
