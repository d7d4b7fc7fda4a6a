// Subresource Integrity of the remotes' code (issue #41, supply chain). A remote served from
// another origin than the page (a CDN) runs only if its bytes are the ones recorded at deploy time:
//   - /remotes.json (served by the shell's own origin, the one file the shell trusts) may carry
//     `"$integrity": { "<remote>": "sha384-…" }`, the hash of that remote's entry (remoteEntry.js,
//     recorded when the remote is deployed: docs/security/supply-chain.md), or
//     `{ "<remote>": { "entry": "sha384-…", "manifest": "sha384-…" } }`: its manifest is then
//     fetched with that `integrity` too (./lazy.ts, and the runtime's own fetch: ./federation.ts);
//   - once the remote's manifest is read, the entry's URL is known: the federation runtime's
//     <script> for it then gets `integrity` and `crossorigin="anonymous"` (./federation.ts,
//     remoteIntegrityPlugin), and so does its preload (./remote-assets.ts);
//   - the entry holds the hashes of every chunk it loads (rspack's SubresourceIntegrityPlugin in
//     the remotes' build, tools/rspack/remote.mjs): each chunk is checked by the browser too.
// A same-origin remote is not asked for its entry's integrity (the page's origin serves both).
import { type RemoteName } from './remote-names';
import type { RemotesConfig } from './remotes-config';

/** One or more SRI hashes ("sha384-<base64>", space-separated), as the `integrity` attribute takes them. */
export const INTEGRITY_PATTERN = /^(?:sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2})(?: sha(?:256|384|512)-[A-Za-z0-9+/]+={0,2})*$/;
export const INTEGRITY_KEY = '$integrity';

export const isIntegrity = (value: unknown): value is string => typeof value === 'string' && INTEGRITY_PATTERN.test(value);

/** What /remotes.json records for a remote: its entry's hash, and optionally its manifest's. */
export interface RemoteHashes {
  entry?: string;
  manifest?: string;
}

/** Whether `url` is on another origin than the page's. */
export function isCrossOrigin(url: string, pageOrigin: string | undefined = globalThis.location?.origin): boolean {
  try {
    return new URL(url).origin !== pageOrigin;
  } catch {
    return false;
  }
}

/**
 * The entry hashes the shell trusts: by manifest URL once /remotes.json is read, by entry URL once
 * the manifest says where the entry is. One per page (the page has one /remotes.json).
 */
export class TrustedIntegrity {
  private readonly byManifest = new Map<string, RemoteHashes>();
  private readonly byRemote = new Map<string, RemoteHashes>();
  private readonly byEntry = new Map<string, string>();

  /** Records /remotes.json's hashes, each for its remote and its manifest URL (in place of earlier ones). */
  trustRemotes(config: RemotesConfig, integrity: Partial<Record<RemoteName, RemoteHashes>>): void {
    this.byManifest.clear();
    this.byRemote.clear();
    this.byEntry.clear();
    for (const [name, hashes] of Object.entries(integrity)) {
      const manifest = config[name as RemoteName];
      if (!manifest || !hashes) continue;
      this.byManifest.set(manifest, hashes);
      this.byRemote.set(name, hashes);
    }
  }

  /** The hashes recorded, by remote (what a composed page hands the browser in its data block). */
  recorded(): Record<string, RemoteHashes> {
    return Object.fromEntries(this.byRemote);
  }

  /** Whether /remotes.json records hashes for this remote (its code is then only run checked). */
  holds(remote: string): boolean {
    return this.byRemote.has(remote);
  }

  /** The hash a cross-origin manifest must match, when /remotes.json records one. */
  manifest(url: string, pageOrigin?: string): string | undefined {
    const hash = this.byManifest.get(url)?.manifest;
    return hash && isCrossOrigin(url, pageOrigin) ? hash : undefined;
  }

  /**
   * The manifest at `manifestUrl` names its entry `entryUrl`: the entry is held to the recorded hash
   * when it is on another origin than the page. Returns the hash it is held to, if any.
   */
  trustEntry(manifestUrl: string, entryUrl: string | null, pageOrigin?: string): string | undefined {
    const hash = this.byManifest.get(manifestUrl)?.entry;
    if (!hash || !entryUrl || !isCrossOrigin(entryUrl, pageOrigin)) return undefined;
    this.byEntry.set(entryUrl, hash);
    return hash;
  }

  /**
   * The hash a script must match: the entry of a cross-origin remote whose manifest was read (the
   * shell reads every manifest before the runtime loads an entry). Only that exact URL: the
   * runtime's hook also sees the remote's chunks, which the remote's own runtime hashes.
   */
  entry(url: string): string | undefined {
    return this.byEntry.get(url);
  }
}

/** The page's trusted hashes (filled by loadRemotesConfig and the remote loader). */
export const trustedIntegrity = new TrustedIntegrity();

/** The hashes a remote's manifest lists for its files (`pupitre.integrity`: file → hash), valid ones only. */
export function manifestIntegrity(manifest: unknown): Record<string, string> {
  const listed = (manifest as { pupitre?: { integrity?: unknown } } | null)?.pupitre?.integrity;
  if (!listed || typeof listed !== 'object' || Array.isArray(listed)) return {};
  return Object.fromEntries(Object.entries(listed as Record<string, unknown>).filter((e): e is [string, string] => isIntegrity(e[1])));
}
