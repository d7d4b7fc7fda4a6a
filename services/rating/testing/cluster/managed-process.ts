// One process of a test cluster (an API, a worker, the database, Redis) that a test can kill -9,
// restart, pause (SIGSTOP) and resume (SIGCONT). How it is launched and when it counts as ready is
// given by `launch`; the handle keeps the same address across restarts.

/** A launched instance: the OS process and how to read what it printed. */
export interface Launched {
  pid: number;
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the process has exited. */
  exited: Promise<unknown>;
  alive(): boolean;
  /** The last lines it printed (to explain a failure). */
  tail(): string;
  /** The lines where it logged an unexpected error (an answer 500), when it is a service. */
  unexpected?(): string[];
}

export class ManagedProcess {
  private current: Launched | undefined;
  private paused = false;
  /** The unexpected errors logged by the instances that ran before the current one. */
  private readonly earlier: string[] = [];

  constructor(
    readonly name: string,
    /** Starts the process and resolves once it is ready (its port answers). */
    private readonly launch: () => Promise<Launched>,
    /** Where a service process answers HTTP (its probes), when it is one. */
    readonly url = '',
  ) {}

  get pid(): number | undefined {
    return this.current?.pid;
  }

  get running(): boolean {
    return Boolean(this.current?.alive()) && !this.paused;
  }

  async start(): Promise<void> {
    if (this.current?.alive()) throw new Error(`${this.name} is already running`);
    this.paused = false;
    if (this.current) this.earlier.push(...(this.current.unexpected?.() ?? []));
    this.current = await this.launch();
  }

  /** `kill -9`: no shutdown hook runs, nothing is flushed or drained. */
  async kill(): Promise<void> {
    const proc = this.current;
    if (!proc?.alive()) return;
    proc.signal('SIGKILL');
    await proc.exited;
    this.paused = false;
  }

  /** kill -9, then start again on the same port and data. */
  async restart(): Promise<void> {
    await this.kill();
    await this.start();
  }

  /** SIGSTOP: the process keeps its sockets and locks but runs no instruction until `resume`. */
  pause(): void {
    if (!this.current?.alive()) throw new Error(`${this.name} is not running`);
    this.current.signal('SIGSTOP');
    this.paused = true;
  }

  resume(): void {
    if (!this.current?.alive()) return;
    this.current.signal('SIGCONT');
    this.paused = false;
  }

  /** Graceful stop (SIGTERM, SIGKILL after `graceMs`), resuming it first if paused. */
  async stop(graceMs = 10_000): Promise<void> {
    const proc = this.current;
    if (!proc?.alive()) return;
    this.resume();
    proc.signal('SIGTERM');
    const timer = setTimeout(() => proc.alive() && proc.signal('SIGKILL'), graceMs);
    await proc.exited;
    clearTimeout(timer);
  }

  tail(): string {
    return this.current?.tail() ?? '';
  }

  /** Every unexpected error its instances logged so far (across restarts). */
  unexpectedErrors(): string[] {
    return [...this.earlier, ...(this.current?.unexpected?.() ?? [])];
  }
}
