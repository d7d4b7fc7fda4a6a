// Server-rendered pages (issue #39, ADR 0014): what a remote's renderer answers, and the data block
// the composer writes into the page for the client to take over from. One definition, used by the
// composer (shell/src/composer), the renderers (mfe-*/src/renderer) and the shell's start-up.
import { type RemoteRouteTable } from './remote-routes';

/** A renderer's answer to `GET /render?path=…&lang=…` (200). */
export interface RenderedFragment {
  v: 1;
  remote: string;
  /** The build of the remote's code that rendered it (its manifest's `pupitre.version`). */
  version?: string;
  /** The route pattern the path fell on, as the remote declares it (e.g. `/teacher/:id`). */
  route: string;
  /** The markup of the route's screen: exactly what the client renders first from `reads`. */
  html: string;
  /** The public answers the screen was rendered from, by request path. */
  reads: Record<string, unknown>;
  /** The moment the screen was rendered for (epoch ms): anything time-dependent uses it. */
  now: number;
}

/** The data block's `remote` of one of the shell's own pages (a name no remote may take). */
export const SHELL_PAGE = 'shell';

/**
 * The page's data block: `<script type="application/json" id="pupitre-ssr">` (never executed). A
 * remote's page (`remote` its name, `route` its pattern, `reads` and `now` from its renderer), or one
 * of the shell's own pages (`remote` SHELL_PAGE, `route` its path, reads of its own or none).
 */
export interface ServerPageData {
  v: 1;
  lang: 'fr' | 'es' | 'en';
  /** The path the page was rendered for: a page kept by the service worker for another path is not taken over. */
  path: string;
  /** The remote whose page this is, or SHELL_PAGE. */
  remote: string;
  route: string;
  /**
   * The remotes' pages and navbar links the page was rendered with (from their manifests): the
   * first render in the browser shows the same links and finds this page's declaration.
   */
  table: RemoteRouteTable;
  now: number;
  reads: Record<string, unknown>;
  /** The shell's runtime configuration the page was rendered with (/config.json). */
  config: unknown;
  /**
   * The remotes the page was composed with, as /remotes.json names them (name → manifest URL): the
   * browser starts from these instead of asking for /remotes.json. Absent from older composers.
   */
  remotes?: Record<string, string>;
  /**
   * The entry hashes /remotes.json records (its `$integrity`, ./remote-integrity.ts), which the
   * browser holds a cross-origin remote's entry to, as it does from /remotes.json itself.
   */
  remotesIntegrity?: Record<string, string | { entry?: string; manifest?: string }>;
}

export const SSR_DATA_ID = 'pupitre-ssr';
const MAX_HTML = 2_000_000;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const LANGUAGES = new Set(['fr', 'es', 'en']);

/** A renderer's answer, checked; null when it is not one. */
export function parseRenderedFragment(raw: unknown): RenderedFragment | null {
  if (!isObject(raw) || raw.v !== 1) return null;
  const { remote, version, route, html, reads, now } = raw;
  if (version !== undefined && (typeof version !== 'string' || version.length > 64)) return null;
  if (typeof remote !== 'string' || typeof route !== 'string' || !route.startsWith('/')) return null;
  if (typeof html !== 'string' || html.length === 0 || html.length > MAX_HTML) return null;
  if (!isObject(reads) || typeof now !== 'number' || !Number.isFinite(now)) return null;
  return { v: 1, remote, ...(version === undefined ? {} : { version }), route, html, reads, now };
}

/** The build version a remote's manifest announces (`pupitre.version`, written by its build). */
export function manifestVersion(manifest: unknown): string | undefined {
  const version = (manifest as { pupitre?: { version?: unknown } } | null)?.pupitre?.version;
  return typeof version === 'string' ? version : undefined;
}

/**
 * JSON safe inside a `<script type="application/json">`: `<` (so no `</script>` or `<!--` can close
 * or open anything), `>`, `&` and the two line separators are written as escapes.
 */
export function dataBlockJson(data: ServerPageData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's data block when it was rendered for `pathname`; null otherwise (or when malformed). */
export function readServerPageData(doc: Document | undefined, pathname: string): ServerPageData | null {
  const text = doc?.getElementById(SSR_DATA_ID)?.textContent;
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(raw) || raw.v !== 1 || raw.path !== pathname || !LANGUAGES.has(raw.lang as string)) return null;
  if (typeof raw.remote !== 'string' || typeof raw.route !== 'string' || !isObject(raw.reads) || typeof raw.now !== 'number') return null;
  const table = raw.table;
  if (!isObject(table) || !Array.isArray(table.routes) || !Array.isArray(table.nav) || !Array.isArray(table.unavailable)) return null;
  // One of the shell's own pages: no remote declares it (no parameters: its route is its path).
  if (raw.remote === SHELL_PAGE) return raw.route === pathname ? (raw as unknown as ServerPageData) : null;
  const own = (table.routes as unknown[]).find((r) => isObject(r) && r.path === raw.route);
  if (!isObject(own) || own.remote !== raw.remote || !isObject(own.title)) return null;
  return raw as unknown as ServerPageData;
}

/** The performance mark set once a server-rendered page is taken over (issue #39). */
export const TAKEN_OVER_MARK = 'pupitre:taken-over';
/** The event the window receives then (the early script plays again the taps it held). */
export const TAKEN_OVER_EVENT = 'pupitre:taken-over';

/** Says the page is the browser's now: taken over, or given up (its part failed and shows its fallback). */
export function announceTakenOver(): void {
  globalThis.performance?.mark?.(TAKEN_OVER_MARK);
  if (typeof globalThis.dispatchEvent === 'function') globalThis.dispatchEvent(new Event(TAKEN_OVER_EVENT));
}
