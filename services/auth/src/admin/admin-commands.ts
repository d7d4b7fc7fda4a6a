import { type Role } from '@pupitre/contracts';
import { type Connection } from 'mongoose';
import { isValidEmail, normalizeEmail } from '../app/shared/field-errors';
import { PasswordHasher } from '../app/users/password-hasher';
import { passwordProblems } from '../app/users/password-rules';

export const ADMIN_USAGE = `Usage: npm run admin -- <command> <email> [--password <password>]
  create-admin <email>   create an active admin account (password from --password or ADMIN_PASSWORD),
                         or grant the admin role if the account exists
  grant-admin <email>    give an existing account the admin role
  revoke-admin <email>   take the admin role away
Environment: MONGODB_URI (required), MONGODB_DB (pupitre_auth), PASSWORD_SCRYPT_LOG_N (15).
Roles travel in access tokens: the change applies from the user's next token (at most ACCESS_TOKEN_TTL).`;

export interface AdminArgs {
  command: 'create-admin' | 'grant-admin' | 'revoke-admin';
  email: string;
  password?: string;
}

export function parseAdminArgs(argv: string[], env: Record<string, string | undefined>): AdminArgs | string {
  const [command, email, ...rest] = argv;
  if (command !== 'create-admin' && command !== 'grant-admin' && command !== 'revoke-admin') return `unknown command ${JSON.stringify(command ?? '')}`;
  if (!email || !isValidEmail(normalizeEmail(email))) return `expected a valid e-mail address, got ${JSON.stringify(email ?? '')}`;
  const flag = rest.indexOf('--password');
  const password = flag >= 0 ? rest[flag + 1] : env.ADMIN_PASSWORD;
  return { command, email: normalizeEmail(email), password };
}

/** Applies a command to the users collection; returns the line to print. */
export async function runAdminCommand(connection: Connection, args: AdminArgs, logN: number): Promise<string> {
  const users = connection.collection<{ email: string; roles: Role[] }>('users');
  const user = await users.findOne({ email: args.email });
  if (!user) {
    if (args.command !== 'create-admin') throw new Error(`no account with e-mail ${args.email}`);
    if (!args.password) throw new Error('a new admin needs a password: --password <password> or ADMIN_PASSWORD');
    const problems = passwordProblems(args.password, args.email);
    if (problems.length) throw new Error(problems.join(' '));
    const hash = await new PasswordHasher({ logN, r: 8, p: 1 }).hash(args.password);
    await users.insertOne({ email: args.email, password: hash, isActive: true, lang: 'fr', roles: ['user', 'admin'], googleSub: null, credentialsVersion: 0, createdAt: new Date(), lastLogin: null } as never);
    return `created admin ${args.email}`;
  }
  const admin = args.command !== 'revoke-admin';
  if (user.roles.includes('admin') === admin) return `${args.email} ${admin ? 'is already an admin' : 'is not an admin'}`;
  const roles: Role[] = admin ? [...user.roles, 'admin'] : user.roles.filter((r) => r !== 'admin');
  await users.updateOne({ email: args.email }, { $set: { roles } });
  return `${admin ? 'granted' : 'revoked'} admin ${admin ? 'to' : 'from'} ${args.email}`;
}
