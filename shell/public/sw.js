// Pupitre's service worker: offline, the shell's page still starts the app (its pages show an
// offline message). It caches one thing only: the shell's HTML page, taken from navigations to the
// shell's own routes (network first: online, the page always comes from the network). Every other
// request (scripts and styles come from the HTTP cache) goes to the network untouched.
// Never cached: API answers (/api), accounts and tokens (/auth), the micro-frontends' files (/mfe),
// anything of another origin, anything but a same-origin 200 HTML page, or a page the server marks
// no-store or private. Shell unit test: shell/src/sw/sw.spec.ts.
const VERSION = 'pupitre-shell-v2';
const PAGE_CACHE = `${VERSION}-page`;
const SHELL_PAGE = '/';
/** Paths that are not the shell's pages: the services, the sign-in page, the remotes, files. */
const NOT_SHELL_PAGE = /^\/(api|auth|mfe)(\/|$)|\.[A-Za-z0-9]+$/;

/** Whether an answer is the shell's page, fit to keep. */
function isShellPage(response) {
  return (
    response.status === 200 &&
    response.type === 'basic' &&
    !response.redirected &&
    /^text\/html\b/.test(response.headers.get('Content-Type') ?? '') &&
    !/\b(no-store|private)\b/.test(response.headers.get('Cache-Control') ?? '')
  );
}

async function keepShellPage(response) {
  if (isShellPage(response)) await (await caches.open(PAGE_CACHE)).put(SHELL_PAGE, response.clone());
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(new Request(SHELL_PAGE, { cache: 'reload' }))
      .then(keepShellPage)
      .catch(() => undefined) // offline at install: the first navigation online fills the cache
      .then(() => self.skipWaiting()),
  );
});

// Older versions' caches (which held API answers) are deleted.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== PAGE_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request) {
  try {
    return await keepShellPage(await fetch(request));
  } catch (error) {
    const cached = await (await caches.open(PAGE_CACHE)).match(SHELL_PAGE);
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NOT_SHELL_PAGE.test(url.pathname)) return;
  event.respondWith(networkFirst(request));
});
