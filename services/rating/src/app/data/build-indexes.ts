import { ensureIndexes } from '@pupitre/server-kit';
import { type Connection } from 'mongoose';
import { MODELS } from './schemas';

/** Builds every index the service declares (the migration run, before the services start: theirs then finds them there). */
export async function buildIndexes(connection: Connection): Promise<void> {
  await ensureIndexes(MODELS.map(({ name, schema }) => connection.models[name] ?? connection.model(name, schema)));
}
