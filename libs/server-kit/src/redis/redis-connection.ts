import { Redis, type RedisOptions } from 'ioredis';
import { DependencyUnavailableError } from '../http/unavailable';
import { traceRedis } from '../tracing/tracing';

/**
 * The longest a request waits for Redis, whatever its state (stopped, unreachable, or paused with its
 * connections open): then 503 with Retry-After, or the request goes on without it where it can.
 */
export const REDIS_REQUEST_TIMEOUT_MS = 1000;

/**
 * `work` (a Redis operation, e.g. a BullMQ `add` on a queue connection, which waits for Redis to come
 * back) or DependencyUnavailableError('redis') after `timeoutMs`. What it started may still complete later.
 */
export async function withRedisTimeout<T>(work: Promise<T>, timeoutMs = REDIS_REQUEST_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined);
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, late]);
  } catch (err) {
    throw err instanceof DependencyUnavailableError ? err : new DependencyUnavailableError('redis', err);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * ioredis arms a timer of `disconnectTimeout` (default 2 s) on disconnect, never cleared when the
 * socket was already closed (Redis unreachable): the process then lingers. A healthy socket closes
 * in milliseconds, so half a second is plenty.
 */
const DISCONNECT_TIMEOUT_MS = 500;

/**
 * An ioredis connection for BullMQ: `maxRetriesPerRequest: null` as BullMQ requires (commands wait
 * for a reconnect instead of failing), reconnecting every second at most.
 */
export function createQueueConnection(url: string, options: RedisOptions = {}): Redis {
  return traceRedis(
    new Redis(url, {
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(times * 200, 1000),
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      ...options,
    }),
  );
}

/**
 * An ioredis connection for request-path commands (throttling, sessions, one-time codes): commands
 * issued while disconnected wait for one reconnect at most, then fail, and a command Redis does not
 * answer (paused, overloaded) fails after REDIS_REQUEST_TIMEOUT_MS, so a request never hangs on it.
 * Connection errors are logged by `onError` (they repeat while Redis is down).
 */
export function createCommandConnection(url: string, onError: (err: Error) => void = () => undefined, options: RedisOptions = {}): Redis {
  const client = traceRedis(
    new Redis(url, {
      maxRetriesPerRequest: 1,
      connectTimeout: REDIS_REQUEST_TIMEOUT_MS,
      commandTimeout: REDIS_REQUEST_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 1000),
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      ...options,
    }),
  );
  client.on('error', onError);
  return client;
}

/**
 * An ioredis connection for health probes: never queues commands while disconnected, so a
 * PING fails at once when Redis is down instead of waiting for a reconnect.
 */
export function createProbeConnection(url: string, options: RedisOptions = {}): Redis {
  const client = traceRedis(
    new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      retryStrategy: () => 1000,
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      ...options,
    }),
  );
  client.on('error', () => {
    // Reported through /readyz; reconnects on its own.
  });
  return client;
}

/** Resolves if PING answers within `timeoutMs`, rejects otherwise. */
export async function pingRedis(client: Redis, timeoutMs = 1500): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no PONG within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([client.ping(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
