/** At most `max` entries (least recently used leaves first), each computed once however many ask: bounded memory per process. */
export class BoundedCache<V> {
  private readonly entries = new Map<string, Promise<V>>();

  constructor(private readonly max: number) {}

  // The value under `key` while `fresh(value)` holds, else (or when there is none) `compute()`'s,
  // shared by the callers that ask meanwhile. A failed computation is not kept.
  async get(key: string, fresh: (value: V) => boolean, compute: () => Promise<V>): Promise<V> {
    const held = this.entries.get(key);
    if (held) {
      const value = await held.catch(() => undefined);
      if (value !== undefined && fresh(value) && this.entries.get(key) === held) {
        this.entries.delete(key);
        this.entries.set(key, held);
        return value;
      }
      if (this.entries.get(key) !== held) return this.get(key, fresh, compute); // another caller is computing it
    }
    const computing = compute();
    this.entries.delete(key);
    this.entries.set(key, computing);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    computing.catch(() => {
      if (this.entries.get(key) === computing) this.entries.delete(key);
    });
    return computing;
  }

  get size(): number {
    return this.entries.size;
  }
}
