import { z } from 'zod';
import { databaseNameField, logLevelField, mongoUriField } from '@pupitre/server-kit';

export const seedEnvSchema = z.object({
  MONGODB_URI: mongoUriField(),
  MONGODB_DB: databaseNameField('pupitre_rating'),
  LOG_LEVEL: logLevelField(),
});

export type SeedConfig = z.output<typeof seedEnvSchema>;
