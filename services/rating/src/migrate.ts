// Migration entry point (dist/migrate.js): brings the database to this release's documents and indexes, then exits. Run once
// per rollout before the API and the worker (the rating-migrate Job, infra/k8s/base/rating-migrate) and by `npm start`;
// never by the services themselves. Exits 78 on a bad configuration, 1 on any other failure (the Job runs it again).
import 'reflect-metadata';
import { describeStartupError, JsonLogger, loadConfig, mongooseOptions } from '@pupitre/server-kit';
import mongoose from 'mongoose';
import { seedEnvSchema } from './config/seed-config';
import { buildIndexes } from './app/data/build-indexes';
import { runMigrations } from './app/data/migrations';

async function main(): Promise<void> {
  const config = loadConfig(seedEnvSchema, process.env, 'rating-migrate');
  const logger = new JsonLogger(config.LOG_LEVEL, undefined, 'Migrate');
  const { serverSelectionTimeoutMS } = mongooseOptions({ uri: config.MONGODB_URI, dbName: config.MONGODB_DB });
  const connection = mongoose.createConnection(config.MONGODB_URI, { dbName: config.MONGODB_DB, serverSelectionTimeoutMS, maxPoolSize: 4 });
  try {
    await connection.asPromise();
    const started = Date.now();
    await runMigrations(connection, (msg, data) => logger.log({ msg, ...data }));
    await buildIndexes(connection);
    logger.log({ msg: 'database current', database: config.MONGODB_DB, ms: Date.now() - started });
  } catch (err) {
    logger.fatal({ msg: `migration failed: ${describeStartupError(err)}` });
    process.exitCode = 1;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

void main();
