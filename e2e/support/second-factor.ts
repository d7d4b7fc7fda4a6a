// The second factor in the end-to-end journeys (issue #38, item 3): an authenticator app in the test
// (otplib computes the codes, each from a later step than the last, as the server demands), the
// enrolment through the real auth API, and the stack's first admin, who approves the admin CLI's
// grants with a fresh code. Staff need the second factor: a moderator is enrolled and signs in with it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { generate } from 'otplib';
import { ROOT } from '../../infra/local/lib/paths.mjs';
import { callApi } from './accounts.mjs';

const STEP_S = 30;

/** An authenticator app: the code of a step later than the last one given (waiting for the next step when needed). */
export class Authenticator {
  private lastStep = 0;

  constructor(readonly secret: string) {}

  async nextCode(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / 1000 / STEP_S);
      // The server takes the current step and one either side; a step is taken once.
      const step = Math.max(this.lastStep + 1, now);
      if (step <= now + 1) {
        this.lastStep = step;
        return generate({ secret: this.secret, epoch: step * STEP_S + STEP_S / 2 });
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Turns the second factor on for a signed-in account through the API; its authenticator. */
export async function enrolSecondFactor(baseUrl: string, user: { password: string; access: string }): Promise<Authenticator> {
  const started = await callApi(baseUrl, 'POST', '/auth/second-factor/enrolment', { password: user.password }, user.access);
  if (started.status !== 200) throw new Error(`enrolment: ${started.status} ${JSON.stringify(started.body)}`);
  const app = new Authenticator((started.body as { secret: string }).secret);
  const confirmed = await callApi(baseUrl, 'POST', '/auth/second-factor/confirm', { code: await app.nextCode() }, user.access);
  if (confirmed.status !== 200) throw new Error(`enrolment confirmation: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return app;
}

type Stack = { url: string; mongo: { uri: string }; redis: { url: string } };

/** The admin CLI of the built auth service against the stack's database. */
export async function adminCli(stack: Stack, args: string[]): Promise<string> {
  // Not execFileSync: a blocked event loop cannot see the gateway close an idle kept-alive connection (ECONNRESET after).
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(ROOT, 'services/auth/dist/admin.js'), ...args], {
    cwd: ROOT,
    env: { ...process.env, MONGODB_URI: stack.mongo.uri, REDIS_URL: stack.redis.url, ADMIN_ACTOR: 'e2e' },
  });
  return stdout;
}

const approvers = new Map<string, Promise<{ email: string; app: Authenticator }>>();

/** The stack's first admin (made without approval, the database having none), with the second factor on. */
function approverOf(stack: Stack): Promise<{ email: string; app: Authenticator }> {
  let approver = approvers.get(stack.url);
  if (!approver) {
    approver = (async () => {
      const email = `e2e.root.${Date.now()}@example.org`;
      const password = 'Pupitre-e2e-root-2025!';
      await adminCli(stack, ['create-admin', email, '--password', password]);
      const login = await callApi(stack.url, 'POST', '/auth/token/', { email, password });
      if (login.status !== 200) throw new Error(`root admin login: ${login.status} ${JSON.stringify(login.body)}`);
      const app = await enrolSecondFactor(stack.url, { password, access: (login.body as { access: string }).access });
      return { email, app };
    })();
    approvers.set(stack.url, approver);
  }
  return approver;
}

/** Grants `role` to `email` with the admin CLI, approved by the stack's first admin's fresh code. */
export async function grantRole(stack: Stack, role: 'moderator' | 'admin', email: string): Promise<void> {
  const { email: approver, app } = await approverOf(stack);
  await adminCli(stack, [`grant-${role}`, email, '--as', approver, '--code', await app.nextCode()]);
}
