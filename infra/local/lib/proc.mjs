import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Starts a long-running child process whose output goes to a log file (and, when `echo` is set,
 * to this process's stdout with a name prefix). Returns a handle whose stop() sends `stopSignal`
 * (SIGTERM by default), waits for a clean exit and then SIGKILLs. `spawnOptions` reach spawn()
 * (uid and gid, to run a server as another account).
 */
export function startProcess({
  name,
  command,
  args = [],
  env = {},
  cwd,
  logFile,
  echo = false,
  spawnOptions = {},
  stopSignal = 'SIGTERM',
}) {
  if (logFile) fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = logFile ? fs.createWriteStream(logFile, { flags: 'a' }) : null;
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...spawnOptions,
  });
  let exited = false;
  let exitCode = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = true;
      exitCode = code ?? signal;
      resolve(exitCode);
    });
  });
  const tail = [];
  const onData = (chunk) => {
    log?.write(chunk);
    const text = chunk.toString();
    for (const line of text.split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (echo) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.once('error', (err) => onData(Buffer.from(`failed to start ${command}: ${err.message}\n`)));

  return {
    name,
    child,
    get alive() {
      return !exited;
    },
    get exitCode() {
      return exitCode;
    },
    /** The last lines the process printed, to explain a failure. */
    tail: () => tail.join('\n'),
    exited: exitPromise,
    async stop(graceMs = 5000) {
      if (exited) return exitCode;
      child.kill(stopSignal);
      const timer = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, graceMs);
      await exitPromise;
      clearTimeout(timer);
      log?.end();
      return exitCode;
    },
  };
}
