import { z } from 'zod';
import { baseServiceEnv, urlField } from '@pupitre/server-kit';

/** Environment of the auth service, validated at start-up (see docs/architecture.md). */
export const authEnvSchema = z.object({
  ...baseServiceEnv({ port: 3001, database: 'pupitre_auth' }),
  /** Public origin of the site, used in e-mailed links. */
  PUBLIC_URL: urlField('http://localhost:8080'),
  SMTP_URL: urlField('smtp://127.0.0.1:1025', ['smtp:', 'smtps:']),
  MAIL_FROM: z
    .string()
    .regex(/^(.+<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, { message: 'expected an e-mail address, optionally as "Name <address>"' })
    .default('Pupitre <no-reply@pupitre.local>'),
});

export type AuthConfig = z.output<typeof authEnvSchema>;
