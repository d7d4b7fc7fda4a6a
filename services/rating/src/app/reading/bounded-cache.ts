/** At most `max` entries (least recently used leaves first), each computed once however many ask: bounded memory per process. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();
  /** Keys being computed again in the background while their value is still served. */
  private readonly refreshing = new Set<string>();

  constructor(private readonly max: number) {}

  // The value under `key` while `fresh(value)` holds, else (or when there is none) `compute()`'s,
  // shared by the callers that ask meanwhile. A failed computation is not kept. Once `refresh(value)`
  // holds too, the value is still served and computed again once in the background, so that no caller
  // waits for it while it is fresh.
  async get(key: string, fresh: (value: V) => boolean, compute: () => Promise<V>, refresh?: (value: V) => boolean): Promise<V> {
    const held = this.entries.get(key);
    if (held) {
      const value = await held.catch(() => undefined);
      if (value !== undefined && fresh(value) && this.entries.get(key) === held) {
        this.entries.delete(key);
        this.entries.set(key, held);
        if (refresh?.(value)) this.refreshInBackground(key, held, compute);
        return value;
      }
      if (this.entries.get(key) !== held) return this.get(key, fresh, compute, refresh); // another caller is computing it
    }
    return this.store(key, compute());
  }

  private store(key: string, computing: Promise<V>): Promise<V> {
    this.entries.delete(key);
    this.entries.set(key, computing);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    computing.catch(() => {
      if (this.entries.get(key) === computing) this.entries.delete(key);
    });
    return computing;
  }

  private refreshInBackground(key: string, held: Promise<V>, compute: () => Promise<V>): void {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    compute()
      .then((value) => {
        if (this.entries.get(key) === held) this.store(key, Promise.resolve(value));
      })
      .catch(() => undefined) // kept until it is no longer fresh: the next caller then computes it and sees the error
      .finally(() => this.refreshing.delete(key));
  }

  get size(): number {
    return this.entries.size;
  }
}
