import { type Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';

/** How long after a "this review is about to change" notice a reader checks it anyway (its writer may have died). */
export const UNCONFIRMED_CHECK_MS = 3_000;

export interface ChangeListener {
  /** Review `id` changed: `doc` is its document as written (null: deleted), or undefined: read it again. */
  review(id: number, doc?: Record<string, unknown> | null): void;
  /** Teachers or subjects changed. */
  catalogue(): void;
  /** Notices may have been missed (first subscription, reconnection): read everything again. */
  resync(): void;
}

/**
 * Change notices on a Redis channel, so that every API process's public index follows the writes
 * made anywhere (API, worker, catalogue CLI). The notice after a write carries the document as
 * written (readers need not read it again: a burst of publications costs no read per API process);
 * the one before carries only the id. Each write is announced before (`p`) and after (`r`): if the
 * writer dies in between, the readers read the review UNCONFIRMED_CHECK_MS later anyway. A lost or
 * repeated notice costs freshness or a read, never a wrong answer: the documents stay the truth. A (re)subscription means notices were
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

  /** After writing review `id`: its document as written (null: deleted). */
  changed(id: number, doc: object | null): Promise<void> {
    return this.send(`r:${id}`, JSON.stringify(doc));
  }

  catalogueChanged(): Promise<void> {
    return this.send('c:0');
  }

  private async send(what: string, payload?: string): Promise<void> {
    await this.redis.publish(this.channel, `${what}:${this.origin}${payload === undefined ? '' : `|${payload}`}`).catch(() => undefined);
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
      const bar = message.indexOf('|');
      const [kind, rawId, origin] = (bar < 0 ? message : message.slice(0, bar)).split(':');
      const id = Number(rawId);
      if (kind === 'c') return listener.catalogue();
      if (origin === this.origin || !Number.isSafeInteger(id)) return;
      if (kind === 'r') {
        clearTimeout(this.unconfirmed.get(id));
        this.unconfirmed.delete(id);
        listener.review(id, bar < 0 ? undefined : parseDocument(message.slice(bar + 1)));
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

/** The document a notice carries (undefined when it cannot be read: the listener reads the review instead). */
function parseDocument(text: string): Record<string, unknown> | null | undefined {
  try {
    const doc = JSON.parse(text) as unknown;
    return doc === null || (doc && typeof doc === 'object') ? (doc as Record<string, unknown> | null) : undefined;
  } catch {
    return undefined;
  }
}
