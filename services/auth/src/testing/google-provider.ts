import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  locale?: string;
}

export interface LocalProvider {
  url: string;
  /** GOOGLE_* settings pointing the real strategy at this provider. */
  env: Record<string, string>;
  setProfile: (profile: GoogleProfile) => Promise<void>;
  /** PKCE parameters of the last authorization request and of the token request that followed. */
  lastExchange: () => Promise<PkceExchange>;
  stop: () => Promise<void>;
}

export interface PkceExchange {
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  codeVerifier: string | null;
}

/** Starts testing/google-provider-process.mjs (oauth2-mock-server) in a child process. */
export async function startLocalProvider(): Promise<LocalProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'google-provider-process.mjs')], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines: Interface = createInterface({ input: child.stdout! });
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('local OAuth2 provider did not answer')), 10_000);
      lines.once('line', (line) => {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      });
    });
  const { url } = (await next()) as { url: string };
  return {
    url,
    env: {
      GOOGLE_CLIENT_ID: 'pupitre-test-client',
      GOOGLE_CLIENT_SECRET: 'pupitre-test-secret',
      GOOGLE_AUTHORIZATION_URL: `${url}/authorize`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
    },
    setProfile: async (profile) => {
      const answered = next();
      child.stdin!.write(`${JSON.stringify({ profile })}\n`);
      await answered;
    },
    lastExchange: async () => {
      const answered = next();
      child.stdin!.write(`${JSON.stringify({ lastExchange: true })}\n`);
      return (await answered) as unknown as PkceExchange;
    },
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.stdin!.end();
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      await exited;
      lines.close();
    },
  };
}
