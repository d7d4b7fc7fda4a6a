import { z } from 'zod';
import { databaseNameField, logLevelField, mongoUriField } from '@pupitre/server-kit';

/** Environment of the demo seed (src/seed/main.ts): the same database variables as the API. */
export const seedEnvSchema = z.object({
  MONGODB_URI: mongoUriField(),
  MONGODB_DB: databaseNameField('pupitre_rating'),
  LOG_LEVEL: logLevelField(),
});

export type SeedConfig = z.output<typeof seedEnvSchema>;
