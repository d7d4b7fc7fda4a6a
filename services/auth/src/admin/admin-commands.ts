import { type Role, sessionVersionKey } from '@pupitre/contracts';
import { accountKey, securityEvent } from '@pupitre/server-kit';
import { type Redis } from 'ioredis';
import { type Connection } from 'mongoose';
import { userInfo } from 'node:os';
import { isValidEmail, normalizeEmail } from '../app/shared/field-errors';
import { SecretBox } from '../app/second-factor/secret-box';
import { stepOfCode } from '../app/second-factor/totp';
import { PasswordHasher } from '../app/users/password-hasher';
import { passwordProblems } from '../app/users/password-rules';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> [<email>] [--password <password>] [--as <admin email> --code <code>] [--limit <n>]
  create-admin <email>       create an active admin account (password from --password or ADMIN_PASSWORD),
                             or grant the admin role if the account exists; once an admin exists, as a grant
  grant-admin <email>        give an existing account the admin role
  revoke-admin <email>       take the admin role away and end the account's sessions
  grant-moderator <email>    give an existing account the moderator role (the moderation console and API)
  revoke-moderator <email>   take the moderator role away and end the account's sessions
Granting a role needs an admin's approval: --as <their e-mail> --code <a fresh code of their authenticator
app> (or ADMIN_AS, ADMIN_CODE); that admin must have the second factor on, and each code works once.
Only the first admin of a database (create-admin while no account is admin) is made without one.
Revocations need none.
  audit                      print the latest decisions about accounts (roles, teacher links), newest first
  log-key <email>            print the key that names this account in the services' security log
                             (docs/security-log.md: grep the logs for it)
  reseal-second-factors      encrypt every TOTP secret stored plain or under an older key with the newest
                             key of SECOND_FACTOR_KEYS (after a rotation, before removing the old key)
Environment: MONGODB_URI (required), MONGODB_DB (pupitre_auth), REDIS_URL (required by revoke-*: the
account's sessions end, so a token issued before cannot write), PASSWORD_SCRYPT_LOG_N (15),
ADMIN_ACTOR (who is recorded as deciding; default cli:<login>), SECURITY_LOG_KEY (the services':
required by log-key; role changes are logged with it), SECOND_FACTOR_KEYS (the auth service's: the
TOTP secrets are stored encrypted with it; grants need it wherever the service has it, and
reseal-second-factors always).
Roles travel in access tokens: a grant applies from the user's next token; a revocation ends every
session of the user at once (their next sign-in gets a token without the role).`;

type RoleCommand = 'grant-admin' | 'revoke-admin' | 'grant-moderator' | 'revoke-moderator';
export type AdminCommand = 'create-admin' | RoleCommand | 'audit' | 'log-key' | 'reseal-second-factors';
const COMMANDS: readonly AdminCommand[] = [
  'create-admin',
  'grant-admin',
  'revoke-admin',
  'grant-moderator',
  'revoke-moderator',
  'audit',
  'log-key',
  'reseal-second-factors',
];

export interface AdminArgs {
  command: AdminCommand;
  /** Absent for `audit`. */
  email: string;
  password?: string;
  limit?: number;
  /** The approving admin's e-mail and a fresh TOTP code of theirs (grants). */
  as?: string;
  code?: string;
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
  if (command === 'reseal-second-factors') return { command, email: '' };
  const email = rest[0];
  if (!email || !isValidEmail(normalizeEmail(email))) return `expected a valid e-mail address, got ${JSON.stringify(email ?? '')}`;
  const option = (name: string, fallback: string | undefined) => {
    const at = rest.indexOf(name);
    return at >= 0 ? rest[at + 1] : fallback;
  };
  const as = option('--as', env.ADMIN_AS);
  return {
    command: command as AdminCommand,
    email: normalizeEmail(email),
    password: option('--password', env.ADMIN_PASSWORD),
    ...(as ? { as: normalizeEmail(as) } : {}),
    ...(option('--code', env.ADMIN_CODE) ? { code: option('--code', env.ADMIN_CODE) } : {}),
  };
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
  /** Opens the approving admin's TOTP secret (SECOND_FACTOR_KEYS); the development key by default. */
  secretBox?: SecretBox;
  /** Whether SECOND_FACTOR_KEYS is set (reseal-second-factors refuses to seal with the development key). */
  secondFactorKeysSet?: boolean;
  /** The clock the approval's code is checked against (tests); now by default. */
  now?: number;
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
  if (args.command === 'reseal-second-factors') {
    if (!context.secondFactorKeysSet || !context.secretBox)
      throw new Error("reseal-second-factors needs SECOND_FACTOR_KEYS, the auth service's own");
    return resealSecondFactors(connection, context.secretBox);
  }
  const users = connection.collection<UserRecord>('users');
  const user = await users.findOne({ email: args.email });
  if (args.command === 'log-key') {
    if (!context.securityLogKeySet) throw new Error("log-key needs SECURITY_LOG_KEY, the services' own");
    if (!user) throw new Error(`no account with e-mail ${args.email}`);
    return accountKey(String(user._id));
  }
  const role: Role = args.command.endsWith('moderator') ? 'moderator' : 'admin';
  const grant = args.command !== 'revoke-admin' && args.command !== 'revoke-moderator';
  if (user && user.roles.includes(role) === grant)
    return `${args.email} ${grant ? `is already ${article(role)}` : `is not ${article(role)}`}`;
  if (!user && args.command !== 'create-admin') throw new Error(`no account with e-mail ${args.email}`);
  // Every grant is approved by an admin's fresh code, except the very first admin of a database.
  const bootstrap = args.command === 'create-admin' && !(await users.findOne({ roles: 'admin' }, { projection: { _id: 1 } }));
  if (!user) {
    if (!args.password) throw new Error('a new admin needs a password: --password <password> or ADMIN_PASSWORD');
    const problems = passwordProblems(args.password, args.email);
    if (problems.length) throw new Error(problems.join(' '));
  }
  if (!grant && !context.redis) throw new Error(`${args.command} needs REDIS_URL: the account's sessions must end with the role`);
  // The approval last: a code is spent only on a command that will run.
  const approvedBy =
    grant && !bootstrap ? await approval(connection, args, context.now ?? Date.now(), context.secretBox ?? SecretBox.of(undefined)) : null;
  if (!user) {
    const hash = await new PasswordHasher({ logN, r: 8, p: 1 }).hash(args.password as string);
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
      ...(approvedBy ? { approvedBy } : {}),
    });
    securityEvent('role-granted', {
      account: String(created.insertedId),
      role: 'admin',
      actor,
      ...(approvedBy ? { approver: accountKey(approvedBy) } : {}),
    });
    return `created admin ${args.email}`;
  }
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
    ...(approvedBy ? { approvedBy } : {}),
  });
  securityEvent(grant ? 'role-granted' : 'role-revoked', {
    account: userId,
    role,
    actor,
    ...(approvedBy ? { approver: accountKey(approvedBy) } : {}),
  });
  return `${grant ? 'granted' : 'revoked'} ${role} ${grant ? 'to' : 'from'} ${args.email}`;
}

/**
 * The approving admin of a grant (their user id): `--as` names an active admin with the second
 * factor on, `--code` is a code of theirs from a step later than the last one they used (the write's
 * filter decides: a code works once, ADR 0013). Throws what is missing or wrong.
 */
async function approval(connection: Connection, args: AdminArgs, now: number, box: SecretBox): Promise<string> {
  if (!args.as || !args.code)
    throw new Error("granting a role needs an admin's approval: --as <admin e-mail> --code <code of their authenticator app>");
  const approver = await connection
    .collection<UserRecord & { isActive: boolean }>('users')
    .findOne({ email: args.as }, { projection: { roles: 1, isActive: 1 } });
  if (!approver || !approver.isActive || !approver.roles.includes('admin')) throw new Error(`${args.as} is not an active admin`);
  const approverId = String(approver._id);
  const factors = connection.collection<{ _id: string; status: string; secret: string; lastStep: number }>('second_factors');
  const factor = await factors.findOne({ _id: approverId, status: 'enabled' });
  if (!factor) throw new Error(`${args.as} has no second factor: turn it on in the settings (/settings) first`);
  let secret: string;
  try {
    secret = box.open(factor.secret, approverId);
  } catch (err) {
    securityEvent('second-factor-failed', { account: approverId, purpose: 'grant-role', reason: 'unreadable-secret' });
    throw new Error(
      `cannot read the second factor of ${args.as}: ${(err as Error).message} (give the CLI the service's SECOND_FACTOR_KEYS)`,
      { cause: err },
    );
  }
  const step = await stepOfCode(secret, args.code, now);
  const accepted =
    step !== null &&
    (await factors.updateOne({ _id: approverId, status: 'enabled', lastStep: { $lt: step } }, { $set: { lastStep: step } }))
      .matchedCount === 1;
  if (!accepted) {
    securityEvent('second-factor-failed', {
      account: approverId,
      purpose: 'grant-role',
      reason: step === null ? 'wrong-code' : 'replayed-code',
    });
    throw new Error(step === null ? 'the code is wrong' : 'that code was already used: wait for the next one');
  }
  securityEvent('second-factor-used', { account: approverId, purpose: 'grant-role', method: 'otp' });
  return approverId;
}

/**
 * Seals with the newest key every TOTP secret stored plain (before encryption) or under an older key,
 * each by a write filtered on the value read (a change meanwhile wins). Counts what it did; a value
 * that does not open (its key is not listed) is counted and left as it is.
 */
async function resealSecondFactors(connection: Connection, box: SecretBox): Promise<string> {
  const factors = connection.collection<{ _id: string; secret: string }>('second_factors');
  const counts = { resealed: 0, current: 0, unreadable: 0 };
  for await (const factor of factors.find({}, { projection: { secret: 1 } })) {
    const accountId = String(factor._id);
    if (box.isCurrent(factor.secret)) {
      counts.current += 1;
      continue;
    }
    let secret: string;
    try {
      secret = box.open(factor.secret, accountId);
    } catch {
      counts.unreadable += 1;
      continue;
    }
    const { modifiedCount } = await factors.updateOne(
      { _id: factor._id, secret: factor.secret },
      { $set: { secret: box.seal(secret, accountId) } },
    );
    counts.resealed += modifiedCount;
  }
  return `second factors: ${counts.resealed} sealed with key "${box.currentKeyId}", ${counts.current} already were, ${counts.unreadable} unreadable`;
}

const article = (role: Role) => (role === 'admin' ? 'an admin' : `a ${role}`);
