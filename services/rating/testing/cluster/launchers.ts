// How each kind of cluster process is launched: a service bundle (node), the database (DocumentDB or mongod), Redis.
import { startNode, waitForStatus } from '@pupitre/server-kit/testing';
import path from 'node:path';
import { startMongo } from '../../../../infra/local/lib/mongo.mjs';
import { startRedis } from '../../../../infra/local/lib/redis.mjs';
import { type Launched } from './managed-process';

const READY_TIMEOUT_MS = 30_000;

/** A bundle entry (`dist/main.js`…) with exactly `env`, ready when `http://127.0.0.1:<port>/readyz` answers 200. */
export function nodeLauncher(entry: string, env: Record<string, string>, port: number): () => Promise<Launched> {
  return async () => {
    const proc = startNode(entry, { ...env, PORT: String(port), HOST: '127.0.0.1' });
    const alive = () => proc.child.exitCode === null && proc.child.signalCode === null;
    const launched: Launched = {
      pid: proc.child.pid ?? -1,
      signal: (s) => alive() && proc.child.kill(s),
      exited: proc.exited,
      alive,
      tail: () => {
        const { stdout, stderr } = proc.output();
        return `${stdout}\n${stderr}`.trim().split('\n').slice(-30).join('\n');
      },
      unexpected: () => {
        const { stdout, stderr } = proc.output();
        return `${stdout}\n${stderr}`.split('\n').filter((line) => line.includes('unexpected error'));
      },
    };
    try {
      await waitForStatus(`http://127.0.0.1:${port}/readyz`, { alive, timeoutMs: READY_TIMEOUT_MS });
    } catch (err) {
      launched.signal('SIGKILL');
      throw new Error(`${path.basename(entry)} did not get ready: ${(err as Error).message}\n${launched.tail()}`, { cause: err });
    }
    return launched;
  };
}

interface ProcHandle {
  child: { pid?: number; kill(signal: NodeJS.Signals): boolean };
  readonly alive: boolean;
  exited: Promise<unknown>;
  tail(): string;
}

const fromProc = (proc: ProcHandle): Launched => ({
  pid: proc.child.pid ?? -1,
  signal: (s) => proc.alive && proc.child.kill(s),
  exited: proc.exited,
  alive: () => proc.alive,
  tail: () => proc.tail(),
});

/** The database server of the cluster alone (never the suite's), on `port`, its files in `dir`. */
export function databaseLauncher(port: number, dir: string): () => Promise<Launched> {
  return async () => {
    const db = await startMongo({
      port,
      dataDir: path.join(dir, 'db'),
      logFile: path.join(dir, 'db.log'),
      useEnv: false,
      testing: true,
      log: () => undefined,
    });
    if (!db.proc) throw new Error('the cluster needs a database process of its own');
    return fromProc(db.proc as ProcHandle);
  };
}

/** The cluster's Redis alone, append-only file on (a restart after kill -9 keeps what was synced). */
export function redisLauncher(port: number, dir: string): () => Promise<Launched> {
  return async () => {
    const redis = await startRedis({
      port,
      dataDir: path.join(dir, 'redis'),
      persist: true,
      logFile: path.join(dir, 'redis.log'),
      useEnv: false,
      log: () => undefined,
    });
    if (!redis.proc) throw new Error('the cluster needs a Redis process of its own');
    return fromProc(redis.proc as ProcHandle);
  };
}
