// Answers the shell's tiny first script (./early.ts) asked for while main.js was still
// downloading: /remotes.json, every remote's manifest and, for a visitor without a session, the
// opened page's first reads. main.js takes each answer once (`earlyFetch`), so a remote page's
// route table, code and data are on their way before main.js runs (issue #16: no waterfall).
// Anything else, a second ask, or an answer older than EARLY_TTL_MS goes to the network.

/** The global the two scripts share (they are separate bundles of the shell's build). */
export const EARLY_ANSWERS_KEY = '__pupitreEarlyAnswers';

/** An early answer nobody took within this long is never used (start-up only, never stale data). */
export const EARLY_TTL_MS = 30_000;

export interface EarlyAnswer {
  response: Promise<Response>;
  at: number;
}

export type EarlyAnswers = Map<string, EarlyAnswer>;

type Holder = Record<typeof EARLY_ANSWERS_KEY, EarlyAnswers | undefined>;

export function earlyAnswers(scope: object = globalThis): EarlyAnswers {
  const holder = scope as Holder;
  return (holder[EARLY_ANSWERS_KEY] ??= new Map());
}

/** Keeps the answer to a plain GET of `url` (absolute) for main.js. */
export function keepEarly(url: string, response: Promise<Response>, scope: object = globalThis, now = Date.now()): void {
  response.catch(() => undefined); // main.js sees a failure when it takes this answer
  earlyAnswers(scope).set(url, { response, at: now });
}

/** Only a plain GET without credentials of its own is what the early script asked. */
function plainGet(init: RequestInit | undefined): boolean {
  if (!init) return true;
  if (init.signal?.aborted || init.body != null || (init.method ?? 'GET').toUpperCase() !== 'GET') return false;
  return !new Headers(init.headers).has('Authorization');
}

/** `fetch`, answered by the early script's request for the same URL when there is one (once). */
export function earlyFetch(input: string, init?: RequestInit, scope: object = globalThis, now = Date.now()): Promise<Response> {
  const answers = earlyAnswers(scope);
  let url = input;
  try {
    url = new URL(input, globalThis.location?.href).href;
  } catch {
    // not a URL the early script could have asked for
  }
  const early = answers.get(url);
  if (early) answers.delete(url);
  if (early && now - early.at < EARLY_TTL_MS && plainGet(init)) return early.response;
  return globalThis.fetch(input, init);
}
