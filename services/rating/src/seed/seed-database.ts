import { mongooseOptions } from '@pupitre/server-kit';
import mongoose from 'mongoose';
import { runSeed, type SeedSummary } from './run-seed';
import { seedModels } from './seed-models';

export async function seedDatabase(uri: string, dbName: string): Promise<SeedSummary> {
  const { serverSelectionTimeoutMS } = mongooseOptions({ uri, dbName });
  const connection = mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS, autoIndex: false });
  try {
    await connection.asPromise();
    return await runSeed(await seedModels(connection));
  } finally {
    await connection.close().catch(() => undefined);
  }
}
