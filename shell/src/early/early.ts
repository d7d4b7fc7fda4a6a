// The shell's first script: under 2 KB, in the page's head beside main.js (its own entry,
// tools/rspack/host.mjs). While main.js downloads, it preloads the home page's poster, asks for
// /remotes.json (taking the page's preload of it), then every remote's manifest; on any page but
// the shell's own it preloads the federation runtime's chunks at once; on a remote's page it
// preloads that remote's code once its manifest is in and, for a visitor
// without a session, asks for the page's first reads. main.js takes these answers
// (./early-answers.ts). It never throws: whatever fails here is asked again by main.js, which
// reports it.
import { declaredPage, preloadAssets, remoteAssets, routeReads, SSR_DATA_ID, type RemoteAsset } from '@pupitre/mf-runtime';
import { SESSION_KEYS } from '@pupitre/session';
import { PROMO_POSTER } from '../home/promo-media';
import { isShellPage } from '../shell-paths';
import { keepEarly } from './early-answers';

/** The script files a meta tag of the page names (written by tools/rspack/host.mjs, CHUNK_LIST_METAS). */
function chunksNamed(doc: Document, meta: string): RemoteAsset[] {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${meta}"]`)?.content ?? '';
  return content
    .split(' ')
    .filter(Boolean)
    .map((file) => ({ href: new URL(file, doc.baseURI).href, as: 'script' as const }));
}

function signedIn(): boolean {
  try {
    return Boolean(globalThis.localStorage?.getItem(SESSION_KEYS.email));
  } catch {
    return true; // storage unreadable: leave the reads to main.js
  }
}

interface Page {
  scope: object;
  base: URL;
  doc: Document | undefined;
}

/**
 * The page is a remote's (its manifest declares it): that remote's entry and page files and the
 * federation runtime's chunks are preloaded now, and the page's first reads asked for when no
 * token would go with them, beside main.js rather than once main.js has run.
 */
function startOpenedRemote(url: string, manifest: Promise<Response>, page: Page) {
  manifest
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((json) => {
      const pathname = page.base.pathname;
      const opened = declaredPage(json, pathname);
      if (!opened) return;
      // The reads first: an API answer is the slowest of these (the server's work, the largest
      // body), and over HTTP/1.1 the requests after the sixth wait for a free connection. A
      // server-rendered page holds them already (its data block, issue #39).
      const anonymous = !signedIn();
      const rendered = Boolean(page.doc?.getElementById(SSR_DATA_ID));
      for (const read of rendered ? [] : routeReads(opened.route, opened.params)) {
        if (read.auth && !anonymous) continue;
        const href = new URL(read.path, page.base).href;
        keepEarly(href, () => globalThis.fetch(href, { headers: { Accept: 'application/json' } }), page.scope);
      }
      if (page.doc) preloadAssets(remoteAssets(url, json, pathname), page.doc);
    })
    .catch(() => undefined);
}

/**
 * Starts the early requests. `then` runs once the manifests have been asked for (or /remotes.json
 * could not be read): the early script's own further work goes there, behind the requests.
 */
export function askEarly(
  scope: object = globalThis,
  base: string = globalThis.location?.href ?? '',
  doc: Document | undefined = globalThis.document,
  then: () => void = () => undefined,
): void {
  let page: Page;
  try {
    page = { scope, base: new URL(base), doc };
  } catch {
    then();
    return;
  }
  // The home page's largest picture: the promo video's poster. Any page but the shell's own is a
  // remote's (or none): the federation runtime is asked for at once, beside the manifests rather
  // than with the remote's files after them.
  if (doc && page.base.pathname === '/') preloadAssets([{ href: new URL(PROMO_POSTER, page.base).href, as: 'image' }], doc);
  if (doc && !isShellPage(page.base.pathname)) preloadAssets(chunksNamed(doc, 'pupitre-federation-chunks'), doc);
  const remotesUrl = new URL('/remotes.json', page.base).href;
  const remotes = keepEarly(remotesUrl, () => globalThis.fetch(remotesUrl), scope);
  if (!remotes) {
    then();
    return;
  }
  remotes
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((json) => {
      if (!json || typeof json !== 'object') return;
      // Every remote it lists, whatever its name ("$comment" and friends are not remotes).
      for (const [name, value] of Object.entries(json)) {
        if (typeof value !== 'string' || name.startsWith('$')) continue;
        const url = new URL(value, page.base);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
        const manifest = keepEarly(url.href, () => globalThis.fetch(url.href), scope);
        if (manifest) startOpenedRemote(url.href, manifest, page);
      }
    })
    .catch(() => undefined)
    .finally(then);
}
