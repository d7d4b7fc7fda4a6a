// Catalogue CLI (dist/catalogue.js, `npm run catalogue -- <command>` at the root): add, edit,
// archive and CSV-import teachers and subjects, directly in the database. Exit codes: 0 done,
// 2 usage error, 78 bad configuration, 1 any other failure (e.g. a duplicate name).
import 'reflect-metadata';
import { databaseNameField, describeStartupError, loadConfig, mongoUriField, mongooseOptions } from '@pupitre/server-kit';
import mongoose from 'mongoose';
import { z } from 'zod';
import { CatalogueError, CatalogueStore } from '../app/data/catalogue-store';
import { seedModels } from '../seed/seed-models';
import { runCatalogueCommand, USAGE, UsageError } from './cli';

const schema = z.object({
  MONGODB_URI: mongoUriField(),
  MONGODB_DB: databaseNameField('pupitre_rating'),
});

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (!argv.length || argv[0] === '--help' || argv[0] === 'help') {
    process.stdout.write(`${USAGE}\n`);
    if (!argv.length) process.exitCode = 2;
    return;
  }
  const config = loadConfig(schema, process.env, 'catalogue');
  const { serverSelectionTimeoutMS } = mongooseOptions({ uri: config.MONGODB_URI, dbName: config.MONGODB_DB });
  const connection = mongoose.createConnection(config.MONGODB_URI, { dbName: config.MONGODB_DB, serverSelectionTimeoutMS });
  try {
    await connection.asPromise();
    const store = new CatalogueStore(await seedModels(connection));
    const result = await runCatalogueCommand(store, argv);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}\n`);
      process.exitCode = 2;
    } else if (err instanceof CatalogueError) {
      process.stderr.write(`${err.key}: ${err.message}\n`);
      process.exitCode = 1;
    } else {
      process.stderr.write(`catalogue failed: ${describeStartupError(err)}\n`);
      process.exitCode = 1;
    }
  } finally {
    await connection.close().catch(() => undefined);
  }
}

void main();
