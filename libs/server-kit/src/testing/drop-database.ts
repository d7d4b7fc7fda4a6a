import mongoose from 'mongoose';

/** Drops a test database (call it in `afterAll`). */
export async function dropDatabase(uri: string, dbName: string): Promise<void> {
  const connection = await mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS: 5000 }).asPromise();
  try {
    await connection.dropDatabase();
  } finally {
    await connection.close();
  }
}
