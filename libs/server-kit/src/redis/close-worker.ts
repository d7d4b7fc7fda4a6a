import { type Redis } from 'ioredis';

/** What `closeWorker` needs of a BullMQ worker. */
export interface ClosableWorker {
  close(force?: boolean): Promise<void>;
}

/** How a shutdown closed a worker: its running jobs finished, Redis was away, or they did not finish in time. */
export type WorkerClosing = 'drained' | 'forced' | 'cut';

/** How long a shutdown waits for the running jobs: less than a process's shutdown grace (run-service.ts, 20 s). */
export const WORKER_DRAIN_MS = 15_000;

/**
 * Closes a BullMQ worker at shutdown without ever hanging on Redis.
 *  - Redis ready: waits for the running jobs, so their results are recorded.
 *  - Redis away (down, reconnecting): nothing could be recorded, and BullMQ's `close()` would wait for ever for its
 *    connections to end (taskforcesh/bullmq#4656). So it closes at once (`force`). A job cut short stays active in Redis and
 *    is taken again as stalled; every job is idempotent.
 *  - Redis lost during the drain: stops waiting after `drainMs`. The caller then disconnects its connection.
 * `warn` is told when it did not drain (no review or account id: the log says what happened to the worker, not to whom).
 */
export async function closeWorker(
  worker: ClosableWorker,
  connection: Pick<Redis, 'status'>,
  warn: (line: { msg: string; redis: string }) => void,
  drainMs = WORKER_DRAIN_MS,
): Promise<WorkerClosing> {
  if (connection.status !== 'ready') {
    warn({
      msg: 'Redis away at shutdown: the worker closes without waiting for its running jobs (taken again as stalled)',
      redis: connection.status,
    });
    await worker.close(true);
    return 'forced';
  }
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<'cut'>((resolve) => {
    timer = setTimeout(() => resolve('cut'), drainMs);
  });
  try {
    const ended = await Promise.race([worker.close().then(() => 'drained' as const), cut]);
    if (ended === 'cut')
      warn({
        msg: `running jobs not finished within ${drainMs / 1000} s of the shutdown: the worker's connection is cut (jobs taken again as stalled)`,
        redis: connection.status,
      });
    return ended;
  } finally {
    clearTimeout(timer);
  }
}
