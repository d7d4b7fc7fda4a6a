import { type ChildProcess, spawn } from 'node:child_process';
import { privacyAuditEnv } from '../logging/log-audit';
import { traceEnv } from '../tracing/trace-env';
import { record } from './contract-request';

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunningProcess {
  child: ChildProcess;
  output: () => { stdout: string; stderr: string };
  /** Resolves when the process has exited. */
  exited: Promise<ProcessResult>;
  /** Sends `signal` (SIGTERM by default) and waits for the exit; SIGKILL after `timeoutMs`. */
  stop: (signal?: NodeJS.Signals, timeoutMs?: number) => Promise<ProcessResult>;
}

/**
 * Starts `node <entry>` with exactly `env` (plus PATH, and the database trace's and the privacy
 * audit's variables when the suite sets them: tools/jest), capturing its output.
 */
export function startNode(entry: string, env: Record<string, string>): RunningProcess {
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', ...traceEnv(), ...privacyAuditEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<ProcessResult>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      // Let the pipes drain before reporting.
      setImmediate(() => resolve({ code, signal, stdout, stderr }));
    });
  });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };
  return { child, output: () => ({ stdout, stderr }), exited, stop };
}

/** Runs `node <entry>` and waits for it to exit on its own (killed after `timeoutMs`). */
export async function runNode(entry: string, env: Record<string, string>, timeoutMs = 20_000): Promise<ProcessResult> {
  const proc = startNode(entry, env);
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), timeoutMs);
  try {
    return await proc.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `url` until it answers `status` (default 200), or throws after `timeoutMs`. */
export async function waitForStatus(
  url: string,
  options: { status?: number; timeoutMs?: number; alive?: () => boolean } = {},
): Promise<Response> {
  const { status = 200, timeoutMs = 30_000, alive = () => true } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`process exited before ${url} answered`);
    let last: string;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === status) {
        const text = await res.clone().text();
        record('GET', url, res.status, /\bjson\b/.test(res.headers.get('content-type') ?? '') && text ? JSON.parse(text) : undefined, text);
        return res;
      }
      last = `status ${res.status}: ${(await res.text().catch(() => '')).slice(0, 300)}`; // a probe's body says what is down
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (${last})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
