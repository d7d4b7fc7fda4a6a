// Demo seed entry point (dist/seed.js): `node services/rating/dist/seed.js` with the API's
// MONGODB_URI / MONGODB_DB. Idempotent. Exits 78 on a bad configuration, 1 on any other failure.
import 'reflect-metadata';
import { describeStartupError, JsonLogger, loadConfig, mongooseOptions } from '@pupitre/server-kit';
import mongoose from 'mongoose';
import { seedEnvSchema } from '../config/seed-config';
import { runSeed } from './run-seed';
import { seedModels } from './seed-models';

async function main(): Promise<void> {
  const config = loadConfig(seedEnvSchema, process.env, 'rating-seed');
  const logger = new JsonLogger(config.LOG_LEVEL, undefined, 'Seed');
  const { uri, dbName, serverSelectionTimeoutMS } = mongooseOptions({ uri: config.MONGODB_URI, dbName: config.MONGODB_DB });
  const connection = mongoose.createConnection(uri, { dbName, serverSelectionTimeoutMS });
  try {
    await connection.asPromise();
    const summary = await runSeed(await seedModels(connection));
    logger.log({ msg: 'demo data in place', database: dbName, ...summary });
  } catch (err) {
    logger.fatal({ msg: `seed failed: ${describeStartupError(err)}` });
    process.exitCode = 1;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

void main();
