// Pupitre's service worker: the shell keeps working offline (its pages show an offline message).
// What it may cache, and nothing else:
//   - the shell's own static files (the page, its hashed scripts and styles, the promo assets);
//   - /remotes.json and /config.json (network first: they are the switchboard);
//   - public catalogue GETs (subjects, ranking, a teacher), network first, only without Authorization.
// Never: /auth/* (accounts, tokens), any request carrying Authorization, anything but GET, the
// micro-frontends' files (each team ships its own), other /api answers (they may be personal).
const VERSION = 'pupitre-shell-v1';
const STATIC_CACHE = `${VERSION}-static`;
const DATA_CACHE = `${VERSION}-data`;
const SHELL_PAGE = '/';
const HASHED_ASSET = /^\/[\w.-]+\.[0-9a-f]{10}\.(js|css)$/;
const SHELL_FILES = /^\/promo\/[\w.-]+\.webp$/; // not the videos: range requests (206) cannot be cached
const SWITCHBOARD = /^\/(remotes|config)\.json$/;
const PUBLIC_API = /^\/api\/(subjects|teachers\/ranking|teacher\/\d+)\/?$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      .then((cache) => cache.add(new Request(SHELL_PAGE, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => !key.startsWith(VERSION)).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, cacheName, fallbackUrl) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(fallbackUrl ?? request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(fallbackUrl ?? request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(STATIC_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || request.headers.has('Authorization')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname;
  if (path === '/auth' || path.startsWith('/auth/') || path.startsWith('/mfe/')) return;

  if (request.mode === 'navigate') {
    // Every client route is the shell's page; offline, the cached page starts the app.
    event.respondWith(networkFirst(request, STATIC_CACHE, SHELL_PAGE));
  } else if (HASHED_ASSET.test(path) || SHELL_FILES.test(path)) {
    event.respondWith(cacheFirst(request));
  } else if (SWITCHBOARD.test(path) || (PUBLIC_API.test(path) && !url.search)) {
    event.respondWith(networkFirst(request, DATA_CACHE));
  }
});
