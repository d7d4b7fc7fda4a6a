/** Runs `fn` holding the lock `name` (a lease across processes, or a queue in one). */
export type Locker = <T>(name: string, fn: () => Promise<T>) => Promise<T>;

const chains = new Map<string, Promise<unknown>>();

/** Runs `fn` after every earlier `fn` of the same name in this process has settled (a queue per name). */
export function serialize<T>(name: string, fn: () => Promise<T>): Promise<T> {
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
}
