// What every composed page is built from, read from the shell's server and the remotes' manifests
// and reused for a few seconds (a deploy shows within SOURCES_TTL_MS): the shell's index.html, its
// runtime configuration and the remotes' page table.
import {
  buildRouteTable,
  loadRemotesConfig,
  declarationsFromManifest,
  trustedIntegrity,
  type RemoteHashes,
  type RemoteName,
  type RemoteRouteTable,
} from '@pupitre/mf-runtime';
import { parseRuntimeConfig, type RuntimeConfig } from '../config/runtime-config';
import { SHELL_PATHS } from '../shell-paths';
import { type ComposerConfig } from './config';
import { matchesIntegrity } from './integrity';

export interface Sources {
  indexHtml: string;
  config: RuntimeConfig;
  table: RemoteRouteTable;
  /** Each remote's manifest and the URL the page names it by (relative when same-origin). */
  manifests: Record<string, { url: string; json: unknown }>;
  /** /remotes.json as the page names its URLs (relative when same-origin), every remote listed. */
  remotes: Record<string, string>;
  /** /remotes.json's entry hashes (`$integrity`), by remote: the page hands them to the browser. */
  remotesIntegrity?: Record<string, RemoteHashes>;
}

/** Relative manifest URLs resolve against this stand-in origin, then are written back as paths. */
const PAGE_ORIGIN = 'https://page.invalid';

async function fetchOk(url: string, timeoutMs: number): Promise<Response> {
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': 'pupitre-composer' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/** The page's view of a URL: a path when same-origin, else the absolute URL. */
export function pageUrl(href: string): string {
  const url = new URL(href);
  return url.origin === PAGE_ORIGIN ? `${url.pathname}${url.search}` : url.href;
}

/** A manifest's JSON; with a recorded hash, only if its bytes match it. */
async function readManifest(response: Response, integrity: string | undefined): Promise<unknown> {
  if (!integrity) return response.json();
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!matchesIntegrity(bytes, integrity)) throw new Error(`${response.url}: does not match the integrity /remotes.json records`);
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

async function readSources(config: ComposerConfig): Promise<Sources> {
  const timeout = 2000;
  const [indexHtml, runtime, remotes] = await Promise.all([
    fetchOk(`${config.shellUrl}/index.html`, timeout).then((r) => r.text()),
    fetchOk(`${config.shellUrl}/config.json`, timeout)
      .then((r) => r.json() as Promise<unknown>)
      .catch(() => ({})),
    loadRemotesConfig({
      url: `${config.shellUrl}/remotes.json`,
      baseUrl: `${PAGE_ORIGIN}/`,
      fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeout) }),
    }),
  ]);
  const manifests: Sources['manifests'] = {};
  const declared = await Promise.all(
    Object.entries(remotes).map(async ([name, href]) => {
      const remote = name as RemoteName;
      const page = new URL(href as string);
      const fetched = page.origin === PAGE_ORIGIN ? `${config.originUrl}${page.pathname}${page.search}` : page.href;
      try {
        const json: unknown = await fetchOk(fetched, timeout).then((r) =>
          readManifest(r, trustedIntegrity.manifest(page.href, PAGE_ORIGIN)),
        );
        manifests[remote] = { url: pageUrl(page.href), json };
        return [remote, declarationsFromManifest(remote, json, () => undefined)] as const;
      } catch (error) {
        return [remote, error as Error] as const;
      }
    }),
  );
  return {
    indexHtml,
    config: parseRuntimeConfig(runtime),
    table: buildRouteTable(declared, SHELL_PATHS, () => undefined),
    manifests,
    remotes: Object.fromEntries(Object.entries(remotes).map(([name, href]) => [name, pageUrl(href as string)])),
    // loadRemotesConfig recorded them (this process reads one /remotes.json, its shell's).
    remotesIntegrity: trustedIntegrity.recorded(),
  };
}

/**
 * The sources, read at most once per `sourcesTtlMs` (concurrent requests share one read); when a
 * read fails, the last good sources are kept, and with none the error goes to the caller (who
 * serves the page as the browser would build it).
 */
export function sourcesCache(config: ComposerConfig, read: (c: ComposerConfig) => Promise<Sources> = readSources) {
  let current: { at: number; value: Promise<Sources> } | null = null;
  let lastGood: Sources | null = null;
  return (): Promise<Sources> => {
    const now = Date.now();
    if (!current || now - current.at >= config.sourcesTtlMs) {
      const value = read(config).then(
        (sources) => (lastGood = sources),
        (error: unknown) => {
          if (lastGood) return lastGood;
          current = null;
          throw error;
        },
      );
      current = { at: now, value };
    }
    return current.value;
  };
}
