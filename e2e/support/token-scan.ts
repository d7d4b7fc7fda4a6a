// Issue #38: after sign-in, no token is anywhere a script of the page can read it: local and session
// storage, every IndexedDB database, every cache of the service worker, and document.cookie. The
// refresh token is in an HttpOnly cookie; the access token in the memory of the session library.
import type { Page } from '@playwright/test';

/** Where a JWT-shaped string (header.payload.signature, `eyJ…`) was found, by place; empty when none. */
export async function tokensReadableByScripts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const jwt = /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]+/;
    const found: string[] = [];
    const check = (place: string, text: string | null | undefined) => {
      if (text && jwt.test(text)) found.push(place);
    };
    for (const [name, store] of [
      ['localStorage', localStorage],
      ['sessionStorage', sessionStorage],
    ] as const)
      for (const key of Object.keys(store)) check(`${name}:${key}`, `${key}=${store.getItem(key)}`);
    check('document.cookie', document.cookie);
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const storeName of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const all = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
          all.onsuccess = () => resolve(all.result);
          all.onerror = () => reject(all.error);
        });
        check(`indexedDB:${info.name}/${storeName}`, JSON.stringify(values));
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        check(`caches:${name}:${request.url}`, request.url + JSON.stringify([...request.headers]));
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        if (response && /json|text/.test(type)) check(`caches:${name}:${request.url}`, await response.text());
      }
    }
    return found;
  });
}
