// Pupitre's service worker: pages visited once start again offline. It keeps
//  - the shell's HTML page, from navigations to the shell's own routes (network first: online, the
//    page always comes from the network); a server-rendered page is not kept, the plain page
//    (/index.html) is asked for instead;
//  - the app's files: the shell's scripts and styles, /config.json, /remotes.json and the
//    micro-frontends' manifests, entries, chunks and styles (content-hashed files: from the cache
//    once kept, they never change; the others network first, the kept copy when offline).
// The data of the pages is not its business: the page keeps copies of public answers itself, with
// the moment they were fetched, to say "offline, as of …" (libs/api-client/src/offline-copies.ts).
// Never kept: API answers (/api), accounts and tokens (/auth), videos, anything of another origin,
// anything but a same-origin 200, or an answer the server marks no-store or private.
// Shell unit test: shell/src/sw/sw.spec.ts.
const VERSION = 'pupitre-shell-v3';
const PAGE_CACHE = `${VERSION}-page`;
const FILES_CACHE = `${VERSION}-files`;
/** Caches of older versions of this worker (the page's own caches are left alone). */
const OWN_CACHES = /^pupitre-shell-/;
const SHELL_PAGE = '/';
/**
 * The shell's HTML as the browser builds every page from it (a file path: the edge sends it to the
 * shell, never to the composer). A server-rendered page (issue #39) holds one path's content and
 * reads: offline, any path starts from this one instead, with the page's own kept copies.
 */
const PLAIN_PAGE = '/index.html';
/** Paths that are not the shell's pages: the services, the sign-in page, the remotes, files. */
const NOT_SHELL_PAGE = /^\/(api|auth|mfe)(\/|$)|\.[A-Za-z0-9]+$/;
/** The app's files (same origin): the remotes' folders, the runtime files, the shell's scripts and styles. */
const APP_FILE = /^\/(mfe\/[a-z0-9-]+\/.+|remotes\.json|config\.json|[^/]+\.(js|css))$/;
const HASHED = /[.-][0-9a-f]{8,}\.(js|css)$/;
/** The files kept at most (the oldest go first): a few builds' worth. */
const MAX_FILES = 160;

/** Whether an answer may be kept. */
function isKeepable(response) {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    !/\b(no-store|private)\b/.test(response.headers.get('Cache-Control') ?? '')
  );
}

const isComposed = (response) => response.headers.get('X-Pupitre-Composed') === 'rendered';

/** The shell's own page as it is (never a server-rendered one). */
function isShellPage(response) {
  return isKeepable(response) && /^text\/html\b/.test(response.headers.get('Content-Type') ?? '') && !isComposed(response);
}

async function keepShellPage(response) {
  if (isShellPage(response)) await (await caches.open(PAGE_CACHE)).put(SHELL_PAGE, response.clone());
  return response;
}

/** The plain page, asked for again (revalidated) when a navigation answered with a rendered one. */
function refreshPlainPage() {
  return fetch(new Request(PLAIN_PAGE, { cache: 'no-cache' }))
    .then(keepShellPage)
    .catch(() => undefined);
}

async function keepFile(request, response) {
  if (!isKeepable(response)) return response;
  const cache = await caches.open(FILES_CACHE);
  await cache.put(request, response.clone());
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_FILES))) await cache.delete(old);
  return response;
}

/** The page and the files it loads first (its scripts and styles, its runtime files). */
async function precache() {
  const page = await keepShellPage(await fetch(new Request(PLAIN_PAGE, { cache: 'reload' })));
  const html = isShellPage(page) ? await page.clone().text() : '';
  const files = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  await Promise.all(
    ['/config.json', '/remotes.json', ...files].map((path) =>
      fetch(path)
        .then((r) => keepFile(new Request(path), r))
        .catch(() => undefined),
    ),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    precache()
      .catch(() => undefined) // offline at install: the first visits online fill the caches
      .then(() => self.skipWaiting()),
  );
});

// Older versions' caches (one of which held API answers) are deleted.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => OWN_CACHES.test(key) && key !== PAGE_CACHE && key !== FILES_CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function pageNetworkFirst(event) {
  try {
    const response = await fetch(event.request);
    if (isComposed(response)) event.waitUntil(refreshPlainPage());
    return await keepShellPage(response);
  } catch (error) {
    const cached = await (await caches.open(PAGE_CACHE)).match(SHELL_PAGE);
    if (cached) return cached;
    throw error;
  }
}

async function fileFromCacheOrNetwork(request, hashed) {
  const cache = await caches.open(FILES_CACHE);
  if (hashed) {
    const kept = await cache.match(request);
    if (kept) return kept;
  }
  try {
    return await keepFile(request, await fetch(request));
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (!NOT_SHELL_PAGE.test(url.pathname)) event.respondWith(pageNetworkFirst(event));
    return;
  }
  if (APP_FILE.test(url.pathname) && !request.headers.has('Range'))
    event.respondWith(fileFromCacheOrNetwork(request, HASHED.test(url.pathname)));
});
