/** How long a lock may be held (its lease) and waited for; defaults suit short read-modify-writes. */
export interface LockOptions {
  ttlMs?: number;
  waitMs?: number;
}

/** Runs `fn` after every earlier `fn` of the same lock name in this process has settled. */
export type Locker = <T>(name: string, fn: () => Promise<T>, options?: LockOptions) => Promise<T>;

const chains = new Map<string, Promise<unknown>>();

export const localLock: Locker = <T>(name: string, fn: () => Promise<T>): Promise<T> => {
  const previous = chains.get(name) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  chains.set(name, tail);
  void tail.then(() => {
    if (chains.get(name) === tail) chains.delete(name);
  });
  return run;
};
