// The composer's configuration, from its environment, checked at start-up: a wrong value stops it
// with a message naming the variable (never a composer that answers wrongly).
import { isRemoteName } from '@pupitre/mf-runtime';

export interface ComposerConfig {
  port: number;
  host: string;
  /** Where the shell's index.html, /config.json and /remotes.json are read (the shell's own server). */
  shellUrl: string;
  /** The origin relative manifest URLs of /remotes.json are fetched from (the edge). */
  originUrl: string;
  /** Each remote's renderer: name → base URL. A remote without one is rendered in the browser as before. */
  renderers: Record<string, string>;
  /** How long a renderer may take before the page is served without its content (ms). */
  renderTimeoutMs: number;
  /** How long index.html, /config.json, /remotes.json and the manifests are reused (ms). */
  sourcesTtlMs: number;
}

export class ComposerConfigError extends Error {}

function httpUrl(name: string, value: string | undefined): string {
  if (!value) throw new ComposerConfigError(`${name} is required (an http(s) URL)`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ComposerConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ComposerConfigError(`${name} must be an http(s) URL`);
  return url.href.replace(/\/$/, '');
}

function integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ComposerConfigError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}

/** `community=http://mfe-community-renderer:8080,review=…` → { community: 'http://…' }. */
function renderers(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at).trim() : '';
    if (!isRemoteName(name)) throw new ComposerConfigError(`RENDERERS: "${entry}" must be <remote name>=<URL>`);
    out[name] = httpUrl(`RENDERERS (${name})`, entry.slice(at + 1).trim());
  }
  return out;
}

export function composerConfigFromEnv(env: Record<string, string | undefined> = process.env): ComposerConfig {
  return {
    port: integer('PORT', env.PORT, 4300, 1, 65535),
    host: env.HOST || '0.0.0.0',
    shellUrl: httpUrl('SHELL_URL', env.SHELL_URL),
    originUrl: httpUrl('ORIGIN_URL', env.ORIGIN_URL),
    renderers: renderers(env.RENDERERS),
    renderTimeoutMs: integer('RENDER_TIMEOUT_MS', env.RENDER_TIMEOUT_MS, 250, 20, 2000),
    sourcesTtlMs: integer('SOURCES_TTL_MS', env.SOURCES_TTL_MS, 5000, 0, 60_000),
  };
}
