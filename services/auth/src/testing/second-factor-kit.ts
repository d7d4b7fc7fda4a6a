// Second-factor helpers for integration tests (not part of the bundle): codes computed with otplib
// as an authenticator app does, enrolment through the API, and an approving admin for the admin
// CLI's grants.
import { request } from '@pupitre/server-kit/testing';
import { type Connection } from 'mongoose';
import { generate } from 'otplib';
import { type AdminArgs, runAdminCommand } from '../admin/admin-commands';
import { SecretBox, type SecretKey } from '../app/second-factor/secret-box';

/** The code an authenticator app shows at `at` (ms). */
export const totpAt = (secret: string, at = Date.now()): Promise<string> => generate({ secret, epoch: Math.floor(at / 1000) });
/** 30 s: one TOTP step. */
export const STEP_MS = 30_000;

export interface Enrolled {
  secret: string;
  recoveryCodes: string[];
}

/** Turns the second factor on for a signed-in account (its password, its access token); confirmed with the current code. */
export async function enrolSecondFactor(url: string, access: string, password: string): Promise<Enrolled> {
  const bearer = { Authorization: `Bearer ${access}` };
  const { body } = await request(url).post('/auth/second-factor/enrolment').set(bearer).send({ password }).expect(200);
  const confirmed = await request(url)
    .post('/auth/second-factor/confirm')
    .set(bearer)
    .send({ code: await totpAt(body.secret) })
    .expect(200);
  return { secret: body.secret, recoveryCodes: confirmed.body.recovery_codes };
}

/** Signs in with the password and a code of the next step (the current one was used by the enrolment). */
export async function signInWithCode(
  url: string,
  account: { email: string; password: string },
  secret: string,
  at = Date.now() + STEP_MS,
): Promise<{ access: string; refresh: string }> {
  const { body } = await request(url)
    .post('/auth/token/')
    .send({ email: account.email, password: account.password, otp: await totpAt(secret, at) })
    .expect(200);
  return body;
}

/**
 * An admin with the second factor who approves the admin CLI's grants (in-process). Each grant needs
 * a code of a later step than the last: the approver's clock moves one step per grant (the CLI is
 * given it as `now`), so tests grant as often as they like without waiting.
 */
export class Approver {
  private clock = Date.now() + 2 * STEP_MS;
  private queue: Promise<unknown> = Promise.resolve();

  /** `keys`: the auth service's SECOND_FACTOR_KEYS (its `config`), as the CLI is given them; the development key when unset. */
  constructor(
    readonly email: string,
    private readonly secret: string,
    private readonly keys?: readonly SecretKey[],
  ) {}

  /** Runs a grant with this admin's approval (one at a time). */
  grant(connection: Connection, args: Pick<AdminArgs, 'command' | 'email'>, actor = 'cli:test'): Promise<string> {
    const run = this.queue.then(async () => {
      this.clock = Math.max(this.clock + STEP_MS, Date.now());
      const code = await totpAt(this.secret, this.clock);
      return runAdminCommand(connection, { ...args, as: this.email, code }, 10, {
        actor,
        now: this.clock,
        secretBox: SecretBox.of(this.keys),
      });
    });
    this.queue = run.catch(() => undefined);
    return run;
  }
}

/**
 * The first admin of a database (create-admin needs no approval then), with the second factor on:
 * the approver of every later grant. `url`: the auth service (or the gateway in front of it);
 * `keys`: its SECOND_FACTOR_KEYS.
 */
export async function bootstrapApprover(
  url: string,
  connection: Connection,
  email: string,
  password: string,
  keys?: readonly SecretKey[],
): Promise<Approver> {
  await runAdminCommand(connection, { command: 'create-admin', email, password }, 10, { actor: 'cli:test' });
  const { body } = await request(url).post('/auth/token/').send({ email, password }).expect(200);
  const { secret } = await enrolSecondFactor(url, body.access, password);
  return new Approver(email, secret, keys);
}
