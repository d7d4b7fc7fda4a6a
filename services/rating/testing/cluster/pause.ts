// Freezing a process at a chosen moment: `pauseWhen` SIGSTOPs it as soon as a condition holds, so
// it stays inside whatever it was doing (a job, a write, holding a lock or a lease) until `resume()`.
// With the database paused first, a worker's job blocks on its first database operation, which
// leaves all the time needed to catch it there.
import { Queue } from 'bullmq';
import { execFileSync } from 'node:child_process';
import { createQueueConnection } from '@pupitre/server-kit';
import { REVIEW_PUBLICATION_QUEUE } from '../../src/app/publication/review-publication.queue';
import { type ManagedProcess } from './managed-process';
import { type RatingCluster } from './rating-cluster';

/** SIGSTOPs `proc` once `condition()` is true (polled every `pollMs`); throws after `timeoutMs`. */
export async function pauseWhen(
  proc: ManagedProcess,
  condition: () => Promise<boolean>,
  { pollMs = 5, timeoutMs = 15_000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`pauseWhen: the condition to pause ${proc.name} did not hold within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
  proc.pause();
}

/** The `review-publication` jobs being run right now (BullMQ's active list), by name and id. */
export function publicationJobs(cluster: RatingCluster): { active(name?: string): Promise<string[]>; close(): Promise<void> } {
  const connection = createQueueConnection(cluster.redisUrl);
  const queue = new Queue(REVIEW_PUBLICATION_QUEUE, { connection, prefix: cluster.queuePrefix });
  return {
    active: async (name) => (await queue.getJobs(['active'])).filter((j) => !name || j.name === name).map((j) => String(j.id)),
    close: async () => {
      await queue.close();
      connection.disconnect();
    },
  };
}

/** One established TCP connection as `ss` shows it: the bytes each end has received and not read yet. */
interface Connection {
  pid: number | null;
  local: number;
  peer: number;
  unread: number;
}

function connections(): Connection[] {
  const out = execFileSync('ss', ['-tnpH', 'state', 'established'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [recvQ, , local, peer] = line.trim().split(/\s+/);
      const pid = /pid=(\d+)/.exec(line)?.[1];
      const port = (address: string) => Number(address.slice(address.lastIndexOf(':') + 1));
      return { pid: pid ? Number(pid) : null, local: port(local), peer: port(peer), unread: Number(recvQ) };
    });
}

/**
 * What a process's requests to the database are waiting on, read from the kernel's socket queues:
 * `sent`, a request of `pid` received by the database and not read by it yet (the database paused);
 * `answered`, an answer received by `pid` and not read by it yet (`pid` paused).
 */
export function databaseExchange(pid: number, databasePort: number): { sent: boolean; answered: boolean } {
  const all = connections();
  const mine = all.filter((c) => c.pid === pid && c.peer === databasePort);
  const serverSide = new Map(all.filter((c) => c.local === databasePort).map((c) => [c.peer, c.unread]));
  return {
    sent: mine.some((c) => (serverSide.get(c.local) ?? 0) > 0),
    answered: mine.some((c) => c.unread > 0 && (serverSide.get(c.local) ?? 0) === 0),
  };
}

/** Polls `condition` until it holds (every `pollMs`); throws after `timeoutMs`. */
export async function until(condition: () => Promise<boolean> | boolean, what: string, { pollMs = 5, timeoutMs = 15_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
