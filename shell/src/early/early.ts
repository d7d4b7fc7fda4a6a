// The shell's first script: a few hundred bytes, in the page's head beside main.js (its own entry,
// tools/rspack/host.mjs). It asks for /remotes.json (taking the page's preload of it) and, as soon
// as that is in, for every remote's manifest; main.js takes these answers (./early-answers.ts).
// It never throws: whatever fails here is asked again by main.js, which reports it.
import { earlyAnswers } from './early-answers';

export function askEarly(scope: object = globalThis, base: string = globalThis.location?.href ?? ''): void {
  const answers = earlyAnswers(scope);
  let remotesUrl: string;
  try {
    remotesUrl = new URL('/remotes.json', base).href;
  } catch {
    return;
  }
  const remotes = globalThis.fetch(remotesUrl);
  answers.set(remotesUrl, remotes);
  remotes
    .then((response) => (response.ok ? (response.clone().json() as Promise<unknown>) : null))
    .then((json) => {
      if (!json || typeof json !== 'object') return;
      for (const value of Object.values(json)) {
        if (typeof value !== 'string') continue;
        const url = new URL(value, base);
        if ((url.protocol === 'http:' || url.protocol === 'https:') && !answers.has(url.href)) {
          const manifest = globalThis.fetch(url.href);
          manifest.catch(() => undefined); // main.js sees the failure when it takes this answer
          answers.set(url.href, manifest);
        }
      }
    })
    .catch(() => undefined);
  remotes.catch(() => undefined);
}
