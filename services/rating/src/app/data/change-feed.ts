import { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';

/** How long after a "this review is about to change" notice a reader checks it anyway (its writer may have died). */
export const UNCONFIRMED_CHECK_MS = 3_000;

export interface ChangeListener {
  /** Review `id` changed: read it again. */
  review(id: number): void;
  /** Teachers or subjects changed. */
  catalogue(): void;
  /** Notices may have been missed (first subscription, reconnection): read everything again. */
  resync(): void;
}

/**
 * Change notices on a Redis channel, so that every API process's public index follows the writes
 * made anywhere (API, worker, catalogue CLI). A notice carries only an id: readers read the document
 * again (the database stays the truth), so a lost or repeated notice costs a read, never a wrong
 * answer. Each write is announced before (`p`) and after (`r`): if the writer dies in between, the
 * readers check the review UNCONFIRMED_CHECK_MS later anyway. A (re)subscription means notices were
 * missed: listeners resync. No counter lives in Redis, so a flushed Redis breaks nothing.
 */
export class ChangeFeed {
  /** Tells this process's own notices apart (it has applied its writes already). */
  readonly origin = randomUUID().slice(0, 8);
  private readonly channel: string;
  private subscriber?: Redis;
  private readonly unconfirmed = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}:rating:changes`;
  }

  /** Before writing review `id`. */
  intend(id: number): Promise<void> {
    return this.send(`p:${id}`);
  }

  /** After writing review `id`. */
  changed(id: number): Promise<void> {
    return this.send(`r:${id}`);
  }

  catalogueChanged(): Promise<void> {
    return this.send('c:0');
  }

  private async send(what: string): Promise<void> {
    await this.redis.publish(this.channel, `${what}:${this.origin}`).catch(() => undefined);
  }

  /** Follows the notices of the other processes on `subscriber` (a connection of its own). */
  follow(subscriber: Redis, listener: ChangeListener): void {
    this.subscriber = subscriber;
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => listener.resync(),
        () => undefined, // the next 'ready' tries again
      );
    });
    subscriber.on('message', (_channel: string, message: string) => {
      const [kind, rawId, origin] = message.split(':');
      const id = Number(rawId);
      if (kind === 'c') return listener.catalogue();
      if (origin === this.origin || !Number.isSafeInteger(id)) return;
      if (kind === 'r') {
        clearTimeout(this.unconfirmed.get(id));
        this.unconfirmed.delete(id);
        listener.review(id);
      } else if (kind === 'p' && !this.unconfirmed.has(id)) {
        const timer = setTimeout(() => {
          this.unconfirmed.delete(id);
          listener.review(id);
        }, UNCONFIRMED_CHECK_MS);
        timer.unref();
        this.unconfirmed.set(id, timer);
      }
    });
  }

  close(): void {
    for (const timer of this.unconfirmed.values()) clearTimeout(timer);
    this.unconfirmed.clear();
    this.subscriber?.disconnect();
  }
}
