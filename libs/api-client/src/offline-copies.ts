// Copies of public answers for offline reading. A screen that asks with `keep: true` (community,
// teacher pages, ranking, the home carousel) gets its last good answer back when the network is
// away, with the moment it was fetched, so the page shows it with an "offline, as of …" notice.
// Kept in the page's Cache Storage (asynchronous, outside local storage and its tokens), keyed by
// path and tagged with the signed-in e-mail: a copy made for one person is never shown to another,
// and signing out (or a 401) drops them all. Never used for the user's own pages (/auth/me*).
const CACHE = 'pupitre-copies-v1';
const ORIGIN = 'https://copies.invalid';

export interface Copy {
  body: unknown;
  /** When the answer was fetched (ms since the epoch). */
  at: number;
}

function storage(): CacheStorage | null {
  return typeof globalThis.caches === 'object' && globalThis.caches ? globalThis.caches : null;
}

const keyOf = (path: string) => `${ORIGIN}${path}`;

/** Keeps `body` as the copy of `path` for `owner` (the session's e-mail, '' signed out). */
export async function keepCopy(path: string, body: unknown, owner: string, at = Date.now()): Promise<void> {
  const caches = storage();
  if (!caches) return;
  try {
    const cache = await caches.open(CACHE);
    await cache.put(keyOf(path), new Response(JSON.stringify({ owner, at, body }), { headers: { 'Content-Type': 'application/json' } }));
  } catch {
    // Quota, private mode: offline reading is a bonus, never an error.
  }
}

/** The copy of `path` made for `owner`, or null. */
export async function readCopy(path: string, owner: string): Promise<Copy | null> {
  const caches = storage();
  if (!caches) return null;
  try {
    const hit = await (await caches.open(CACHE)).match(keyOf(path));
    if (!hit) return null;
    const stored = (await hit.json()) as { owner?: unknown; at?: unknown; body?: unknown };
    return stored.owner === owner && typeof stored.at === 'number' ? { body: stored.body, at: stored.at } : null;
  } catch {
    return null;
  }
}

/** Forgets every copy (sign-out, session over). */
export async function dropCopies(): Promise<void> {
  try {
    await storage()?.delete(CACHE);
  } catch {
    // nothing kept, nothing to drop
  }
}
