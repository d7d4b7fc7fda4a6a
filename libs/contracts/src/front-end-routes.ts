/**
 * What a micro-frontend declares of each page it owns, carried in its build's manifest
 * (`mf-manifest.json`, key `pupitre.routes`): the shell learns a remote's pages from it at run
 * time and compiles none of them (docs/teams.md, "Add a page"). Checked by hand, not by zod: the
 * shell runs this check on its first load, which carries no zod (and zod's compiled parsers need
 * `eval`, which the Content-Security-Policy forbids).
 */
export interface InEachLanguage {
  fr: string;
  es: string;
  en: string;
}

export interface RouteRead {
  /** A GET the page's screen sends as it first renders; `:name` segments take the path's values. */
  path: string;
  /** Whether the session's token goes with it. */
  auth: boolean;
}

export interface RouteDeclaration {
  /** An absolute path pattern with `:name` segments, as react-router writes them. */
  path: string;
  /** The page title after "Pupitre · ", in each language. */
  title: InEachLanguage;
  /** Only for a signed-in visitor: a signed-out one is sent to /auth first. */
  signIn?: boolean;
  /** Whether the shell's footer shows under it (default true). */
  footer?: boolean;
  /** The reads its screen starts with: the shell starts them beside the remote's code. */
  reads?: RouteRead[];
  /**
   * Written by the build (tools/rspack/route-declarations.mjs), never by hand: the files of the
   * page's own screen chunk, relative to the manifest; the shell preloads them with the remote.
   */
  files?: string[];
  /**
   * The remote's renderer server-renders this page (issue #39): the composer asks it for the
   * page's HTML fragment and the reads it was rendered from. Absent or false: client-rendered only.
   */
  render?: boolean;
  /**
   * A link to this page in the shell's navbar (a page without parameters only). In
   * route-declarations.json only: the build moves it to the manifest's `pupitre.nav` list.
   */
  nav?: NavLinkDeclaration;
}

/** Who sees a navbar link. */
export type NavAudience = 'everyone' | 'signed-in' | 'signed-out' | 'staff';
export const NAV_AUDIENCES: readonly NavAudience[] = ['everyone', 'signed-in', 'signed-out', 'staff'];
/** How a navbar link looks: a text link, or the highlighted button (at most one per navbar, by convention). */
export type NavStyle = 'link' | 'button';

export interface NavLinkDeclaration {
  /** The link's text in each language (the remote's, never the shell's catalogues). */
  label: InEachLanguage;
  /** Its place among every remote's links, smallest first (ties: /remotes.json's order). */
  order: number;
  /** Who sees it: everyone, signed-in or signed-out visitors only, or staff (moderators, admins). */
  audience: NavAudience;
  /** Default 'link'. */
  style?: NavStyle;
}

/** A navbar link as the manifest carries it (`pupitre.nav`): the page's path and its link. */
export interface NavDeclaration extends NavLinkDeclaration {
  path: string;
}

const SEGMENT = /^(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*)$/;
const KEYS = new Set(['path', 'title', 'signIn', 'footer', 'reads', 'files', 'render', 'nav']);
const NAV_KEYS = new Set(['label', 'order', 'audience', 'style']);
const FILE = /^[A-Za-z0-9_][A-Za-z0-9._/-]{0,199}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string' && v.trim().length > 0 && v.length <= 120;
const isLabels = (v: unknown): v is InEachLanguage =>
  isObject(v) && isText(v.fr) && isText(v.es) && isText(v.en) && Object.keys(v).length === 3;

/** What is wrong with a navbar link (`at` names it), or null. */
function navLinkProblem(raw: unknown, at: string, keys: ReadonlySet<string> = NAV_KEYS): string | null {
  if (!isObject(raw)) return `${at} is not an object`;
  const unknown = Object.keys(raw).find((key) => !keys.has(key));
  if (unknown) return `${at}.${unknown} is not a known key`;
  const { label, order, audience, style } = raw;
  if (!isLabels(label) || Object.values(label).some((text) => text.length > 40))
    return `${at}.label must be { fr, es, en }, each at most 40 characters`;
  if (typeof order !== 'number' || !Number.isInteger(order) || order < 0 || order > 1000)
    return `${at}.order must be an integer from 0 to 1000`;
  if (!NAV_AUDIENCES.includes(audience as NavAudience)) return `${at}.audience must be one of ${NAV_AUDIENCES.join(', ')}`;
  if (style !== undefined && style !== 'link' && style !== 'button') return `${at}.style must be "link" or "button"`;
  return null;
}

const isPathPattern = (path: unknown): path is string =>
  typeof path === 'string' &&
  path.startsWith('/') &&
  path.length <= 200 &&
  path
    .slice(1)
    .split('/')
    .every((s) => SEGMENT.test(s));

function declarationProblem(raw: unknown, i: number): string | null {
  const at = `routes[${i}]`;
  if (!isObject(raw)) return `${at} is not an object`;
  const unknown = Object.keys(raw).find((key) => !KEYS.has(key));
  if (unknown) return `${at}.${unknown} is not a known key`;
  const { path, title, signIn, footer, reads, files, render, nav } = raw;
  if (!isPathPattern(path)) return `${at}.path must be an absolute pattern like /teacher/:id`;
  if (!isLabels(title)) return `${at}.title must be { fr, es, en }`;
  if (signIn !== undefined && typeof signIn !== 'boolean') return `${at}.signIn must be a boolean`;
  if (footer !== undefined && typeof footer !== 'boolean') return `${at}.footer must be a boolean`;
  if (render !== undefined && typeof render !== 'boolean') return `${at}.render must be a boolean`;
  if (render === true && signIn === true) return `${at}.render cannot be true on a page for signed-in visitors (signIn)`;
  if (reads !== undefined) {
    if (!Array.isArray(reads) || reads.length > 8) return `${at}.reads must be a list of at most 8 reads`;
    const bad = reads.findIndex(
      (r) =>
        !isObject(r) ||
        typeof r.path !== 'string' ||
        !/^\/api\/[^\s#]*$/.test(r.path) ||
        typeof r.auth !== 'boolean' ||
        Object.keys(r).length !== 2,
    );
    if (bad >= 0) return `${at}.reads[${bad}] must be { path: "/api/…", auth: boolean }`;
  }
  if (
    files !== undefined &&
    (!Array.isArray(files) || files.length > 20 || !files.every((f) => typeof f === 'string' && FILE.test(f) && !f.includes('..')))
  )
    return `${at}.files must be a list of at most 20 file names relative to the manifest`;
  if (nav !== undefined) {
    if (path.includes(':')) return `${at}.nav: only a page without parameters can be in the navbar`;
    return navLinkProblem(nav, `${at}.nav`);
  }
  return null;
}

/** The declarations of a remote, checked; throws naming the first problem. */
export function parseRouteDeclarations(raw: unknown): RouteDeclaration[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 50) throw new Error('routes must be a list of 1 to 50 pages');
  raw.forEach((route, i) => {
    const problem = declarationProblem(route, i);
    if (problem) throw new Error(problem);
  });
  return raw as RouteDeclaration[];
}

const NAV_ENTRY_KEYS = new Set([...NAV_KEYS, 'path']);

/**
 * A remote's navbar links as its manifest carries them (`pupitre.nav`, written by the build from
 * the pages' `nav`): absent means none. Throws naming the first problem.
 */
export function parseNavDeclarations(raw: unknown): NavDeclaration[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > 10) throw new Error('nav must be a list of at most 10 links');
  raw.forEach((link, i) => {
    const at = `nav[${i}]`;
    const problem =
      navLinkProblem(link, at, NAV_ENTRY_KEYS) ??
      (isPathPattern((link as { path?: unknown }).path) && !(link as { path: string }).path.includes(':')
        ? null
        : `${at}.path must be an absolute path without parameters`);
    if (problem) throw new Error(problem);
  });
  return raw as NavDeclaration[];
}
