// Which changes of `teacher_stats` a process asks for (`changedAt` greater than `since()`), so that a change is never
// skipped however the writes interleave. Each write stamps `changedAt` with the database's clock (`$currentDate`) when it
// runs: inside a transaction that time can be older than writes committed before it. A write whose commit comes less than
// `graceMs` after its stamp is always found by the first look after its commit:
//  - `latest - grace`: every change not seen yet was stamped after (its commit is not older than the last one seen);
//  - the latest seen `grace` ago: every change stamped before it had committed by then, so was seen.
// The larger of the two is asked for: once nothing changed for `grace`, a look finds nothing (an index probe).

interface Sample {
  /** When the look ended (this process's monotonic clock, ms). */
  at: number;
  /** The latest `changedAt` seen by then (database clock, ms). */
  latest: number;
}

export class ChangeCursor {
  private latest = Number.NEGATIVE_INFINITY;
  private samples: Sample[] = [];

  constructor(
    private readonly graceMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** A look ended that saw these `changedAt` (ms). */
  saw(changedAt: Iterable<number>): void {
    for (const t of changedAt) if (t > this.latest) this.latest = t;
    this.samples.push({ at: this.clock(), latest: this.latest });
  }

  /** The changes to ask for: those stamped after this (ms, database clock; -Infinity: every stamped one). */
  since(): number {
    const old = this.clock() - this.graceMs;
    // Keep the newest sample at least `grace` old, and the newer ones: bounded by the looks within `grace`.
    while (this.samples.length > 1 && this.samples[1].at <= old) this.samples.shift();
    const settled = this.samples.length && this.samples[0].at <= old ? this.samples[0].latest : Number.NEGATIVE_INFINITY;
    return Math.max(settled, this.latest - this.graceMs);
  }

  /** Forgets everything seen (the next look reads everything again). */
  reset(): void {
    this.latest = Number.NEGATIVE_INFINITY;
    this.samples = [];
  }
}
