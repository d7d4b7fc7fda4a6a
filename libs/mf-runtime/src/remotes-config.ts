// `/remotes.json` tells the shell where each micro-frontend's manifest lives:
//   { "community": "/mfe/community/mf-manifest.json", "review": "...", "account": "..." }
// Nothing of it is compiled into the shell: a team ships its remote by changing one URL, and a new
// remote is one more line (any valid name: ./remote-names.ts). The file's order is the remotes'
// order (which of two remotes declaring one path keeps it; navbar links of equal order).
// `$integrity` (optional) records the hash of each remote's entry, for remotes served from another
// origin (./remote-integrity.ts).
import { REMOTE_NAME_PATTERN, isRemoteName, type RemoteName } from './remote-names';
import { INTEGRITY_KEY, isIntegrity, trustedIntegrity, type RemoteHashes } from './remote-integrity';

export type RemotesConfig = Partial<Record<RemoteName, string>>;

/** The remotes a configuration lists, in its order. */
export function remoteNames(config: RemotesConfig): RemoteName[] {
  return Object.keys(config).filter((name): name is RemoteName => isRemoteName(name) && Boolean(config[name]));
}

export class RemotesConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RemotesConfigError';
  }
}

export const REMOTES_CONFIG_URL = '/remotes.json';

/**
 * Validates the parsed JSON and resolves each URL against `baseUrl` (the page). Invalid names,
 * empty or non-string values and URLs that are not http(s) are rejected with the offending key
 * in the message. A remote may be absent: its routes then show the fallback panel.
 */
export function parseRemotesConfig(raw: unknown, baseUrl: string): RemotesConfig {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new RemotesConfigError('remotes.json must be a JSON object mapping remote names to manifest URLs');
  }
  const config: RemotesConfig = {};
  for (const [name, value] of Object.entries(raw as Record<string, unknown>)) {
    if (name.startsWith('$')) continue; // "$comment" and friends
    if (!isRemoteName(name)) {
      throw new RemotesConfigError(`remotes.json: "${name}" is not a valid remote name (${REMOTE_NAME_PATTERN.source}, not "shell")`);
    }
    if (typeof value !== 'string' || value.trim() === '') {
      throw new RemotesConfigError(`remotes.json: "${name}" must be a non-empty URL string`);
    }
    let url: URL;
    try {
      url = new URL(value.trim(), baseUrl);
    } catch (cause) {
      throw new RemotesConfigError(`remotes.json: "${name}" is not a valid URL`, { cause });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RemotesConfigError(`remotes.json: "${name}" must be an http(s) URL`);
    }
    config[name] = url.href;
  }
  return config;
}

/**
 * The hashes /remotes.json records, by remote (`$integrity`): a remote's value is its entry's hash,
 * or `{ "entry": "sha384-…", "manifest": "sha384-…" }` (its manifest's too). Invalid ones are refused.
 */
export function parseRemotesIntegrity(raw: unknown): Partial<Record<RemoteName, RemoteHashes>> {
  const block = (raw as Record<string, unknown> | null)?.[INTEGRITY_KEY];
  if (block === undefined) return {};
  if (!block || typeof block !== 'object' || Array.isArray(block)) {
    throw new RemotesConfigError(`remotes.json: "${INTEGRITY_KEY}" must map remote names to their entry's integrity ("sha384-…")`);
  }
  const out: Partial<Record<RemoteName, RemoteHashes>> = {};
  for (const [name, value] of Object.entries(block as Record<string, unknown>)) {
    const where = `remotes.json: "${INTEGRITY_KEY}"."${name}"`;
    if (!isRemoteName(name)) throw new RemotesConfigError(`${where} is not a valid remote name`);
    const hashes: Record<string, unknown> =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { entry: value };
    const unknown = Object.keys(hashes).filter((k) => k !== 'entry' && k !== 'manifest');
    if (unknown.length > 0) throw new RemotesConfigError(`${where} may hold "entry" and "manifest" only, not "${unknown[0]}"`);
    for (const [part, hash] of Object.entries(hashes)) {
      if (!isIntegrity(hash))
        throw new RemotesConfigError(
          `${where}${typeof value === 'object' ? `.${part}` : ''} must be an integrity value such as "sha384-<base64>"`,
        );
    }
    out[name] = hashes as RemoteHashes;
  }
  return out;
}

export interface LoadRemotesConfigOptions {
  url?: string;
  /** The page's URL, against which relative URLs are resolved (default: location.href). */
  baseUrl?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Fetches and validates `/remotes.json`. It is the switchboard: its server sends it `no-cache`
 * (revalidated at each load). The request is a plain GET, as the page's
 * `<link rel="preload" as="fetch">` of it (tools/rspack/host.mjs) asks, so it takes that answer.
 */
export async function loadRemotesConfig(options: LoadRemotesConfigOptions = {}): Promise<RemotesConfig> {
  const { url = REMOTES_CONFIG_URL, signal } = options;
  const baseUrl = options.baseUrl ?? window.location.href;
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const configUrl = new URL(url, baseUrl).href;
  let response: Response;
  try {
    response = await doFetch(configUrl, { signal });
  } catch (cause) {
    throw new RemotesConfigError(`remotes.json could not be fetched from ${configUrl}`, { cause });
  }
  if (!response.ok) throw new RemotesConfigError(`remotes.json answered HTTP ${response.status}`);
  let raw: unknown;
  try {
    raw = await response.json();
  } catch (cause) {
    throw new RemotesConfigError('remotes.json is not valid JSON', { cause });
  }
  // Relative manifest URLs are relative to the page, as documented (docs/architecture.md).
  const config = parseRemotesConfig(raw, baseUrl);
  trustedIntegrity.trustRemotes(config, parseRemotesIntegrity(raw));
  return config;
}
