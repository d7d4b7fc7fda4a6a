// Admin CLI (`npm run admin -- create-admin someone@example.org --password ...`): creates an admin,
// grants or revokes the admin and moderator roles, prints the audit log, straight in the auth
// database (and, for revocations, the shared Redis: the account's sessions end).
import { Logger } from '@nestjs/common';
import {
  configureSecurityLog,
  createCommandConnection,
  databaseNameField,
  JsonLogger,
  loadConfig,
  mongoUriField,
  redisUrlField,
  securityLogEnv,
} from '@pupitre/server-kit';
import mongoose from 'mongoose';
import { z } from 'zod';
import { SecretBox } from './app/second-factor/secret-box';
import { secondFactorKeysField } from './config/auth-config';
import { ADMIN_USAGE, cliActor, parseAdminArgs, runAdminCommand } from './admin/admin-commands';

const schema = z.object({
  MONGODB_URI: mongoUriField(),
  MONGODB_DB: databaseNameField('pupitre_auth'),
  REDIS_URL: redisUrlField().optional(),
  PASSWORD_SCRYPT_LOG_N: z.coerce
    .number()
    .int()
    .min(10, { message: 'expected an integer from 10 to 20' })
    .max(20, { message: 'expected an integer from 10 to 20' })
    .default(15),
  ...securityLogEnv,
  // The approving admin's TOTP secret is stored encrypted: the auth service's keys (the development key when unset).
  SECOND_FACTOR_KEYS: secondFactorKeysField(),
});

async function main(): Promise<number> {
  const args = parseAdminArgs(process.argv.slice(2), process.env);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${ADMIN_USAGE}\n`);
    return 64;
  }
  const config = loadConfig(schema, process.env, 'admin');
  // Role changes are security events: one JSON line each on stderr, the account named as the services name it.
  configureSecurityLog(config.SECURITY_LOG_KEY);
  Logger.overrideLogger(new JsonLogger('info', (line) => process.stderr.write(line)));
  const connection = await mongoose
    .createConnection(config.MONGODB_URI, { dbName: config.MONGODB_DB, serverSelectionTimeoutMS: 5000 })
    .asPromise();
  const redis = config.REDIS_URL ? createCommandConnection(config.REDIS_URL, () => undefined) : undefined;
  try {
    process.stdout.write(
      `${await runAdminCommand(connection, args, config.PASSWORD_SCRYPT_LOG_N, { redis, actor: cliActor(process.env), securityLogKeySet: Boolean(config.SECURITY_LOG_KEY), secretBox: SecretBox.of(config.SECOND_FACTOR_KEYS), secondFactorKeysSet: Boolean(config.SECOND_FACTOR_KEYS) })}\n`,
    );
    return 0;
  } catch (err) {
    process.stderr.write(`admin: ${(err as Error).message}\n`);
    return 1;
  } finally {
    redis?.disconnect();
    await connection.close();
  }
}

void main().then((code) => process.exit(code));
