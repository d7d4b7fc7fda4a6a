import { type Role, sessionVersionKey } from '@pupitre/contracts';
import { accountKey, securityEvent } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type Connection } from 'mongoose';
import { userInfo } from 'node:os';
import { isValidEmail, normalizeEmail } from '../app/shared/field-errors';
import { PasswordHasher } from '../app/users/password-hasher';
import { passwordProblems } from '../app/users/password-rules';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [<email>] [--password <password>] [--limit <n>]
  create-admin <email>       create an active admin account (password from --password or ADMIN_PASSWORD),
                             or grant the admin role if the account exists
  grant-admin <email>        give an existing account the admin role
  revoke-admin <email>       take the admin role away and end the account's sessions
  grant-moderator <email>    give an existing account the moderator role (the moderation console and API)
  revoke-moderator <email>   take the moderator role away and end the account's sessions
  audit                      print the latest decisions about accounts (roles, teacher links), newest first
  log-key <email>            print the key that names this account in the services' security log
                             (docs/security-log.md: grep the logs for it)
Environment: MONGODB_URI (required), MONGODB_DB (pupitre_auth), REDIS_URL (required by revoke-*: the
account's sessions end, so a token issued before cannot write), PASSWORD_SCRYPT_LOG_N (15),
ADMIN_ACTOR (who is recorded as deciding; default cli:<login>), SECURITY_LOG_KEY (the services':
required by log-key; role changes are logged with it).
Roles travel in access tokens: a grant applies from the user's next token; a revocation ends every
session of the user at once (their next sign-in gets a token without the role).`;

type RoleCommand = 'grant-admin' | 'revoke-admin' | 'grant-moderator' | 'revoke-moderator';
export type AdminCommand = 'create-admin' | RoleCommand | 'audit' | 'log-key';
const COMMANDS: readonly AdminCommand[] = [
  'create-admin',
  'grant-admin',
  'revoke-admin',
  'grant-moderator',
  'revoke-moderator',
  'audit',
  'log-key',
];

export interface AdminArgs {
  command: AdminCommand;
  /** Absent for `audit`. */
  email: string;
  password?: string;
  limit?: number;
}

export function parseAdminArgs(argv: string[], env: Record<string, string | undefined>): AdminArgs | string {
  const [command, ...rest] = argv;
  if (!COMMANDS.includes(command as AdminCommand)) return `unknown command ${JSON.stringify(command ?? '')}`;
  if (command === 'audit') {
    const flag = rest.indexOf('--limit');
    const limit = flag >= 0 ? Number(rest[flag + 1]) : 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
      return `--limit: expected an integer from 1 to 10000, got ${JSON.stringify(rest[flag + 1] ?? '')}`;
    return { command: 'audit', email: '', limit };
  }
  const email = rest[0];
  if (!email || !isValidEmail(normalizeEmail(email))) return `expected a valid e-mail address, got ${JSON.stringify(email ?? '')}`;
  const flag = rest.indexOf('--password');
  const password = flag >= 0 ? rest[flag + 1] : env.ADMIN_PASSWORD;
  return { command: command as AdminCommand, email: normalizeEmail(email), password };
}

/** Who the audit log names for decisions made with the CLI. */
export const cliActor = (env: Record<string, string | undefined>): string => env.ADMIN_ACTOR?.trim() || `cli:${safeLogin()}`;
function safeLogin(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

export interface AdminContext {
  /** Required by revocations: the account's session version is bumped there (ADR 0006). */
  redis?: Redis;
  /** Recorded in the audit log as the decider. */
  actor?: string;
  /** Whether SECURITY_LOG_KEY is set (log-key prints nothing useful without it). */
  securityLogKeySet?: boolean;
}

type UserRecord = { _id: unknown; email: string; roles: Role[] };

/**
 * Applies a command to the auth database; returns the line(s) to print. Every role change is
 * recorded in `audit_log` (who, when, roles before and after). A revocation also ends every session
 * of the account: its session version is bumped in Redis (tokens issued before can no longer write,
 * refresh tokens die) and its refresh records are marked revoked.
 */
export async function runAdminCommand(connection: Connection, args: AdminArgs, logN: number, context: AdminContext = {}): Promise<string> {
  const actor = context.actor ?? 'cli';
  const audit = connection.collection('audit_log');
  if (args.command === 'audit') {
    const entries = await audit
      .find({}, { projection: { _id: 0 } })
      .sort({ at: -1 })
      .limit(args.limit ?? 50)
      .toArray();
    return entries.length ? entries.map((e) => JSON.stringify(e)).join('\n') : 'no entry';
  }
  const users = connection.collection<UserRecord>('users');
  const user = await users.findOne({ email: args.email });
  if (args.command === 'log-key') {
    if (!context.securityLogKeySet) throw new Error("log-key needs SECURITY_LOG_KEY, the services' own");
    if (!user) throw new Error(`no account with e-mail ${args.email}`);
    return accountKey(String(user._id));
  }
  if (!user) {
    if (args.command !== 'create-admin') throw new Error(`no account with e-mail ${args.email}`);
    if (!args.password) throw new Error('a new admin needs a password: --password <password> or ADMIN_PASSWORD');
    const problems = passwordProblems(args.password, args.email);
    if (problems.length) throw new Error(problems.join(' '));
    const hash = await new PasswordHasher({ logN, r: 8, p: 1 }).hash(args.password);
    const roles: Role[] = ['user', 'admin'];
    const created = await users.insertOne({
      email: args.email,
      password: hash,
      isActive: true,
      lang: 'fr',
      roles,
      teacherId: null,
      googleSub: null,
      credentialsVersion: 0,
      createdAt: new Date(),
      lastLogin: null,
    } as never);
    await audit.insertOne({
      action: 'grant-role',
      actor,
      userId: String(created.insertedId),
      teacherId: null,
      before: { roles: [] },
      after: { roles },
      at: new Date(),
    });
    securityEvent('role-granted', { account: String(created.insertedId), role: 'admin', actor });
    return `created admin ${args.email}`;
  }
  const role: Role = args.command.endsWith('moderator') ? 'moderator' : 'admin';
  const grant = args.command !== 'revoke-admin' && args.command !== 'revoke-moderator';
  if (user.roles.includes(role) === grant) return `${args.email} ${grant ? `is already ${article(role)}` : `is not ${article(role)}`}`;
  if (!grant && !context.redis) throw new Error(`${args.command} needs REDIS_URL: the account's sessions must end with the role`);
  const roles: Role[] = grant ? [...user.roles, role] : user.roles.filter((r) => r !== role);
  const userId = String(user._id);
  await users.updateOne({ _id: user._id as never }, { $set: { roles } });
  if (!grant) {
    // Every session of the user ends (ADR 0006): their tokens can no longer write, refresh tokens die.
    await context.redis!.incr(sessionVersionKey(userId));
    await connection.collection('refresh_tokens').updateMany({ userId, status: { $ne: 'revoked' } }, { $set: { status: 'revoked' } });
  }
  await audit.insertOne({
    action: grant ? 'grant-role' : 'revoke-role',
    actor,
    userId,
    teacherId: null,
    before: { roles: user.roles },
    after: { roles },
    at: new Date(),
  });
  securityEvent(grant ? 'role-granted' : 'role-revoked', { account: userId, role, actor });
  return `${grant ? 'granted' : 'revoked'} ${role} ${grant ? 'to' : 'from'} ${args.email}`;
}

const article = (role: Role) => (role === 'admin' ? 'an admin' : `a ${role}`);
