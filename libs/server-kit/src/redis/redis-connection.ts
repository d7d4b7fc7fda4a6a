import { Redis, type RedisOptions } from 'ioredis';
import { DependencyUnavailableError } from '../http/unavailable';
import { traceRedis } from '../tracing/tracing';
import { redisTlsOptions } from './redis-tls';

/**
 * The longest a request waits for Redis, whatever its state (stopped, unreachable, or paused with its
 * connections open): then 503 with Retry-After, or the request goes on without it where it can.
 */
export const REDIS_REQUEST_TIMEOUT_MS = 1000;

/**
 * Once Redis failed to answer, requests stop waiting for it for this long: they fail at once (a
 * paused Redis would otherwise cost every request its full timeout, and a request several).
 */
const REDIS_BACK_OFF_MS = 1000;

/** When Redis last failed to answer a request in time (or to connect): one per process, as there is one Redis. */
let redisFailedAt = 0;
const backingOff = () => Date.now() - redisFailedAt < REDIS_BACK_OFF_MS;
const notWaiting = () => new Error(`Redis failed to answer less than ${REDIS_BACK_OFF_MS} ms ago: not waiting for it`);

/**
 * `work` (a Redis operation, e.g. a BullMQ `add` on a queue connection, which waits for Redis to come
 * back) or DependencyUnavailableError('redis') after `timeoutMs`, at once while Redis is backed off
 * from. What it started may still complete later.
 */
export async function withRedisTimeout<T>(work: Promise<T>, timeoutMs = REDIS_REQUEST_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  work.catch(() => undefined);
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        redisFailedAt = Date.now();
        reject(new Error(`Redis did not answer within ${timeoutMs} ms`));
      },
      backingOff() ? 0 : timeoutMs,
    );
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
 * `work()` under withRedisTimeout when `client` is connected; DependencyUnavailableError at once, `work` not started, while
 * it is not (down, reconnecting) or Redis is backed off from (it failed to answer less than a second ago: paused, hung):
 * no command waits in ioredis' offline queue, and a hung Redis gets at most about one call a second, not one per write.
 */
export async function withReadyRedis<T>(client: Pick<Redis, 'status'>, work: () => Promise<T>, timeoutMs?: number): Promise<T> {
  if (client.status !== 'ready') throw new DependencyUnavailableError('redis', new Error(`Redis connection ${client.status}: not started`));
  if (backingOff()) throw new DependencyUnavailableError('redis', notWaiting());
  return withRedisTimeout(work(), timeoutMs);
}

/**
 * Makes `client` fail its commands at once while Redis is backed off from (it did not answer a
 * command in time, or the connection failed, less than REDIS_BACK_OFF_MS ago); Redis's own error
 * replies (a wrong type, a script error) do not count.
 */
function failFastWhileDown(client: Redis): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((command: Parameters<Redis['sendCommand']>[0], stream?: Parameters<Redis['sendCommand']>[1]) => {
    // While (re)connecting, ioredis sends its own set-up commands (ready check, select): never refused.
    if (backingOff() && client.status !== 'connect') {
      command.reject(notWaiting());
      return command.promise;
    }
    command.promise.catch((err: Error) => {
      if (err.name !== 'ReplyError') redisFailedAt = Date.now();
    });
    return send(command, stream);
  }) as Redis['sendCommand'];
  return client;
}

/**
 * ioredis arms a timer of `disconnectTimeout` (default 2 s) on disconnect, never cleared when the
 * socket was already closed (Redis unreachable): the process then lingers. A healthy socket closes
 * in milliseconds, so half a second is plenty.
 */
const DISCONNECT_TIMEOUT_MS = 500;

/**
 * What CLIENT LIST shows for a connection: its use and the process holding it (`commands:4711`), so an operator sees
 * which process holds how many (and a test counts them).
 */
const connectionName = (use: 'queue' | 'commands' | 'probe') => `${use}:${process.pid}`;

/**
 * An ioredis connection for BullMQ: `maxRetriesPerRequest: null` as BullMQ requires (commands wait
 * for a reconnect instead of failing), reconnecting every second at most.
 */
export function createQueueConnection(url: string, options: RedisOptions = {}): Redis {
  return traceRedis(
    new Redis(url, {
      connectionName: connectionName('queue'),
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(times * 200, 1000),
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      ...redisTlsOptions(url),
      ...options,
    }),
  );
}

/**
 * An ioredis connection for request-path commands (throttling, sessions, one-time codes): commands
 * issued while disconnected wait for one reconnect at most, then fail, a command Redis does not
 * answer (paused, overloaded) fails after REDIS_REQUEST_TIMEOUT_MS, and for a second after either
 * commands fail at once, so a request never hangs on Redis. Connection errors are logged by
 * `onError` (they repeat while Redis is down).
 */
export function createCommandConnection(url: string, onError: (err: Error) => void = () => undefined, options: RedisOptions = {}): Redis {
  const client = traceRedis(
    new Redis(url, {
      connectionName: connectionName('commands'),
      maxRetriesPerRequest: 1,
      connectTimeout: REDIS_REQUEST_TIMEOUT_MS,
      commandTimeout: REDIS_REQUEST_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 200, 1000),
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      ...redisTlsOptions(url),
      ...options,
    }),
  );
  client.on('error', onError);
  return failFastWhileDown(client);
}

/**
 * An ioredis connection for health probes: never queues commands while disconnected, so a
 * PING fails at once when Redis is down instead of waiting for a reconnect.
 */
export function createProbeConnection(url: string, options: RedisOptions = {}): Redis {
  const client = traceRedis(
    new Redis(url, {
      connectionName: connectionName('probe'),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      retryStrategy: () => 1000,
      disconnectTimeout: DISCONNECT_TIMEOUT_MS,
      ...redisTlsOptions(url),
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
