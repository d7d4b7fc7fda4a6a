// The renderer's configuration, from the environment, checked at start-up: a wrong value stops it
// with a message naming the variable (exit 1), never a renderer half working.
export interface RendererConfig {
  port: number;
  host: string;
  /** The rating API's base URL (reads are `${apiUrl}/api/…`). */
  apiUrl: string;
  /** How long a read answers from memory (ms, at most 1000: public data is never older than that, plus one refresh). */
  readCacheMs: number;
  /** How long a read may take before the page is not rendered (ms). */
  readTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid renderer configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

const integer = (value: string | undefined) => (value !== undefined && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN);

/** The configuration in `env`; throws a ConfigError listing every problem. */
export function parseRendererConfig(env: Record<string, string | undefined>): RendererConfig {
  const problems: string[] = [];
  const port = integer(env.PORT);
  if (!(port >= 1 && port <= 65535)) problems.push('PORT is required: a port number 1-65535');
  const host = env.HOST?.trim() ?? '';
  if (!host) problems.push('HOST is required: the address to listen on (e.g. 0.0.0.0)');
  let apiUrl = '';
  try {
    const url = new URL(env.API_URL ?? '');
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    apiUrl = url.href.replace(/\/+$/, '');
  } catch {
    problems.push('API_URL is required: the rating API base URL (http or https)');
  }
  const readCacheMs = env.READ_CACHE_MS === undefined || env.READ_CACHE_MS === '' ? 1000 : integer(env.READ_CACHE_MS);
  if (!(readCacheMs >= 0 && readCacheMs <= 1000)) problems.push('READ_CACHE_MS must be a whole number of milliseconds from 0 to 1000');
  const readTimeoutMs = env.READ_TIMEOUT_MS === undefined || env.READ_TIMEOUT_MS === '' ? 800 : integer(env.READ_TIMEOUT_MS);
  if (!(readTimeoutMs >= 1 && readTimeoutMs <= 5000))
    problems.push('READ_TIMEOUT_MS must be a whole number of milliseconds from 1 to 5000');
  if (problems.length) throw new ConfigError(problems);
  return { port, host, apiUrl, readCacheMs, readTimeoutMs };
}
