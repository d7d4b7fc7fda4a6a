// Demo seed entry point (dist/seed.js): `node services/rating/dist/seed.js` with the API's
// MONGODB_URI / MONGODB_DB. Idempotent. Exits 78 on a bad configuration, 1 on any other failure.
import 'reflect-metadata';
import { describeStartupError, JsonLogger, loadConfig } from '@pupitre/server-kit';
import { seedEnvSchema } from '../config/seed-config';
import { seedDatabase } from './seed-database';

async function main(): Promise<void> {
  const config = loadConfig(seedEnvSchema, process.env, 'rating-seed');
  const logger = new JsonLogger(config.LOG_LEVEL, undefined, 'Seed');
  try {
    const summary = await seedDatabase(config.MONGODB_URI, config.MONGODB_DB);
    logger.log({ msg: 'demo data in place', database: config.MONGODB_DB, ...summary });
  } catch (err) {
    logger.fatal({ msg: `seed failed: ${describeStartupError(err)}` });
    process.exitCode = 1;
  }
}

void main();
