// A redis-server of a test's own (infra/local/lib/redis.mjs), for the tests that stop, pause or
// restart Redis under a service: the shared one of the run is never touched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRedis } from '../../../../infra/local/lib/redis.mjs';
import { freePortToKeep } from './free-port';

export interface PrivateRedis {
  url: string;
  /** The port, kept by `restart` so that clients reconnect to the new server. */
  port: number;
  stop(): Promise<void>;
  /** SIGSTOP pauses it (a hung Redis), SIGCONT resumes it. */
  signal(signal: NodeJS.Signals): void;
  /** A fresh server on the same port (after `stop`; nothing when it runs). */
  restart(): Promise<void>;
  /** Stops it (whatever its state) and removes its folder. */
  dispose(): Promise<void>;
}

interface RedisProc {
  url: string;
  stop(): Promise<void>;
  proc: { child: { kill(signal: NodeJS.Signals): boolean } };
}

export async function startPrivateRedis(tag = 'redis'): Promise<PrivateRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pupitre-${tag}-`));
  const port = await freePortToKeep(); // below the ephemeral range: still free when `restart` takes it back, minutes later
  const launch = async () =>
    (await startRedis({
      port,
      dataDir: dir,
      persist: false,
      logFile: path.join(dir, 'redis.log'),
      useEnv: false,
      log: () => undefined,
    })) as RedisProc;
  let current = await launch();
  let stopped = false;
  return {
    url: current.url,
    port,
    stop: async () => {
      stopped = true;
      await current.stop();
    },
    signal: (signal) => void current.proc.child.kill(signal),
    restart: async () => {
      if (!stopped) return; // still running: nothing to restart
      current = await launch();
      stopped = false;
    },
    dispose: async () => {
      current.proc.child.kill('SIGCONT');
      await current.stop().catch(() => undefined); // already stopped by a test
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
