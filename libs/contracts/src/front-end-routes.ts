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
}

const SEGMENT = /^(?:[A-Za-z0-9._~-]+|:[A-Za-z][A-Za-z0-9]*)$/;
const KEYS = new Set(['path', 'title', 'signIn', 'footer', 'reads', 'files', 'render']);
const FILE = /^[A-Za-z0-9_][A-Za-z0-9._/-]{0,199}$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown) => typeof v === 'string' && v.trim().length > 0 && v.length <= 120;

function declarationProblem(raw: unknown, i: number): string | null {
  const at = `routes[${i}]`;
  if (!isObject(raw)) return `${at} is not an object`;
  const unknown = Object.keys(raw).find((key) => !KEYS.has(key));
  if (unknown) return `${at}.${unknown} is not a known key`;
  const { path, title, signIn, footer, reads, files, render } = raw;
  if (
    typeof path !== 'string' ||
    !path.startsWith('/') ||
    path.length > 200 ||
    !path
      .slice(1)
      .split('/')
      .every((s) => SEGMENT.test(s))
  ) {
    return `${at}.path must be an absolute pattern like /teacher/:id`;
  }
  if (!isObject(title) || !isText(title.fr) || !isText(title.es) || !isText(title.en) || Object.keys(title).length !== 3)
    return `${at}.title must be { fr, es, en }`;
  if (signIn !== undefined && typeof signIn !== 'boolean') return `${at}.signIn must be a boolean`;
  if (footer !== undefined && typeof footer !== 'boolean') return `${at}.footer must be a boolean`;
  if (render !== undefined && typeof render !== 'boolean') return `${at}.render must be a boolean`;
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
