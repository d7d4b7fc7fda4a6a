import { isDuplicateKey, writeRetried } from '@pupitre/server-kit';
import { randomUUID } from 'node:crypto';
import type { Collection } from 'mongodb';

/** How long a lock outlives its holder's last renewal (a killed holder's is taken over after this). */
const LOCK_TTL_MS = 30_000;

interface LockDoc {
  _id: string;
  holder: string;
  expiresAt: Date;
}

// Runs `fn` under the start-up lock `name` (renewed meanwhile) so one starting process migrates and the others wait until `done()`;
// after `waitMs` without the lock, throws (the process is restarted).
export async function withStartupLock(
  docs: Collection<LockDoc>,
  name: string,
  done: () => Promise<boolean>,
  fn: () => Promise<void>,
  waitMs: number,
): Promise<void> {
  const holder = randomUUID();
  const deadline = Date.now() + waitMs;
  const take = async (): Promise<boolean> => {
    const expiresAt = new Date(Date.now() + LOCK_TTL_MS);
    try {
      await writeRetried(() => docs.insertOne({ _id: name, holder, expiresAt }));
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    // Held: taken over only once its holder stopped renewing it (a killed process).
    const stale = await docs.updateOne({ _id: name, expiresAt: { $lt: new Date() } }, { $set: { holder, expiresAt } });
    return stale.modifiedCount === 1;
  };
  for (;;) {
    if (await done()) return;
    if (await take()) break;
    if (Date.now() > deadline) throw new Error(`another process has held the ${name} lock for ${waitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const renew = setInterval(() => {
    void docs.updateOne({ _id: name, holder }, { $set: { expiresAt: new Date(Date.now() + LOCK_TTL_MS) } }).catch(() => undefined);
  }, LOCK_TTL_MS / 3);
  renew.unref();
  try {
    if (!(await done())) await fn();
  } finally {
    clearInterval(renew);
    await docs.deleteOne({ _id: name, holder }).catch(() => undefined);
  }
}
