import fs from 'node:fs';
import { type RedisOptions } from 'ioredis';

let cachedCa: { file: string; ca: Buffer } | undefined;

/**
 * ioredis' `tls` options for a connection URL: for rediss://, the CA of REDIS_TLS_CA_FILE (the
 * mounted CA of the in-cluster Redis; validated at start-up by the service's configuration) or the
 * system's CAs; nothing for redis://. Read from the environment so that every connection of the
 * process (queues, commands, probes, the admin CLI) trusts the same CA.
 */
export function redisTlsOptions(url: string, env: NodeJS.ProcessEnv = process.env): Pick<RedisOptions, 'tls'> {
  if (!url.startsWith('rediss://')) return {};
  const file = env.REDIS_TLS_CA_FILE?.trim();
  if (!file) return { tls: {} };
  if (cachedCa?.file !== file) cachedCa = { file, ca: fs.readFileSync(file) };
  return { tls: { ca: cachedCa.ca } };
}
