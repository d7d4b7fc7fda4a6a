// A remote's code for a page, as its manifest lists it: remoteEntry.js and the files of its
// `./routes` module (scripts and styles). The shell asks the browser for them with preload hints
// as soon as the manifest is in, so they download beside the federation runtime instead of after
// it (issue #16: no waterfall); the runtime's own <script> and <link> then take those answers.
// The remote's runtime loads its chunks with the hash its manifest lists (`integrity` and
// crossorigin="anonymous", ./remote-integrity.ts): their preloads carry the same, or the browser
// would not use them (the file would download twice).
import type { RouteDeclaration } from '@pupitre/contracts';
import { matchPattern } from './match-pattern';
import { manifestIntegrity } from './remote-integrity';

export interface RemoteAsset {
  href: string;
  as: 'script' | 'style' | 'image';
  /** The hash the file is loaded with (then with crossorigin="anonymous" too). */
  integrity?: string;
}

interface ManifestAssets {
  js?: { sync?: unknown };
  css?: { sync?: unknown };
}

interface ManifestShape {
  metaData?: { publicPath?: unknown; remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { path?: unknown; name?: unknown; assets?: ManifestAssets }[];
}

const files = (list: unknown): string[] => (Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && f !== '') : []);
const joined = (dir: string, file: string) => (dir === '' || dir.endsWith('/') ? `${dir}${file}` : `${dir}/${file}`);

/**
 * The remote's entry, the synchronous files of its exposed `expose` module and, given the page's
 * `pathname`, the files of that page's screen chunk, as absolute URLs
 * (a manifest built with `publicPath: 'auto'` lists them relative to where it was fetched from).
 * Nothing for a manifest that says nothing usable: the runtime then loads as usual.
 */
export function remoteAssets(
  manifestUrl: string,
  manifest: unknown,
  pathname?: string,
  expose = './routes',
  entryIntegrity?: string,
): RemoteAsset[] {
  const shape = (manifest ?? {}) as ManifestShape;
  const base = filesBase(manifestUrl, shape);
  if (!base) return [];
  const url = (file: string) => new URL(file, base).href;
  const hashes = manifestIntegrity(manifest);
  const asset = (file: string, as: RemoteAsset['as']): RemoteAsset =>
    hashes[file] ? { href: url(file), as, integrity: hashes[file] } : { href: url(file), as };
  const out: RemoteAsset[] = [];
  const entry = remoteEntryUrl(manifestUrl, manifest);
  // The entry is loaded by the federation runtime, with a hash only when /remotes.json records one.
  if (entry) out.push(entryIntegrity ? { href: entry, as: 'script', integrity: entryIntegrity } : { href: entry, as: 'script' });
  const exposed = (Array.isArray(shape.exposes) ? shape.exposes : []).find((e) => e?.path === expose || `./${String(e?.name)}` === expose);
  for (const file of files(exposed?.assets?.css?.sync)) out.push(asset(file, 'style'));
  for (const file of files(exposed?.assets?.js?.sync)) out.push(asset(file, 'script'));
  // The opened page's own screen chunk (its files, listed by the build under the route).
  const page = pathname === undefined ? null : declaredPage(manifest, pathname);
  for (const file of files(page?.route.files)) out.push(asset(file, file.endsWith('.css') ? 'style' : 'script'));
  return out;
}

/** Where a manifest's files are (a manifest built with `publicPath: 'auto'`: beside it); null when unusable. */
function filesBase(manifestUrl: string, shape: ManifestShape): URL | null {
  const publicPath = shape.metaData?.publicPath;
  try {
    return new URL(typeof publicPath === 'string' && publicPath !== 'auto' ? publicPath : './', manifestUrl);
  } catch {
    return null;
  }
}

/** The absolute URL of the remote's entry (remoteEntry.js) its manifest names, or null. */
export function remoteEntryUrl(manifestUrl: string, manifest: unknown): string | null {
  const shape = (manifest ?? {}) as ManifestShape;
  const base = filesBase(manifestUrl, shape);
  const entry = shape.metaData?.remoteEntry;
  if (!base || typeof entry?.name !== 'string' || !entry.name) return null;
  return new URL(joined(typeof entry.path === 'string' ? entry.path : '', entry.name), base).href;
}

/**
 * Adds one `<link rel="preload">` per asset to the page's head, unless the page already has one
 * for that URL (a server-rendered page names its remote's files already).
 */
export function preloadAssets(assets: RemoteAsset[], doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const hinted = new Set([...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => link.href));
  for (const { href, as, integrity } of assets) {
    if (hinted.has(href)) continue;
    hinted.add(href);
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = as;
    if (integrity) {
      link.setAttribute('integrity', integrity);
      link.crossOrigin = 'anonymous';
    }
    link.href = href;
    doc.head.appendChild(link);
  }
}

/**
 * The page a manifest declares at `pathname` (`pupitre.routes`, see remote-routes.ts), with the
 * path's values; null when it declares none there.
 */
export function declaredPage(manifest: unknown, pathname: string): { route: RouteDeclaration; params: Record<string, string> } | null {
  const routes = (manifest as { pupitre?: { routes?: unknown } } | null)?.pupitre?.routes;
  if (!Array.isArray(routes)) return null;
  for (const route of routes as RouteDeclaration[]) {
    const params = typeof route?.path === 'string' ? matchPattern(route.path, pathname) : null;
    if (params) return { route, params };
  }
  return null;
}
