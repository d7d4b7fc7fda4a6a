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

interface Early {
  answers: Map<string, EarlyAnswer>;
  /** URLs main.js asked the network for itself: the early script no longer asks for them. */
  asked: Set<string>;
}

type Holder = Record<typeof EARLY_ANSWERS_KEY, Early | undefined>;

function early(scope: object): Early {
  const holder = scope as Holder;
  return (holder[EARLY_ANSWERS_KEY] ??= { answers: new Map(), asked: new Set() });
}

export function earlyAnswers(scope: object = globalThis): Map<string, EarlyAnswer> {
  return early(scope).answers;
}

const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * The answer read whole, as a new Response: the request ends as soon as its body is in, whether
 * main.js takes it or not (an unread body would keep it open), and main.js reads it as usual.
 */
async function buffered(response: Response): Promise<Response> {
  const body = NULL_BODY.has(response.status) ? null : await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Asks for a plain GET of `url` (absolute) for main.js, unless main.js already asked for it
 * itself (both scripts race for the same answers). Returns the answer, or nothing when not asked.
 */
export function keepEarly(
  url: string,
  start: () => Promise<Response>,
  scope: object = globalThis,
  now = Date.now(),
): Promise<Response> | undefined {
  const state = early(scope);
  if (state.asked.has(url) || state.answers.has(url)) return state.answers.get(url)?.response;
  const response = start().then(buffered);
  response.catch(() => undefined); // main.js sees a failure when it takes this answer
  state.answers.set(url, { response, at: now });
  return response;
}

/** Only a plain GET without credentials of its own is what the early script asked. */
function plainGet(init: RequestInit | undefined): boolean {
  if (!init) return true;
  if (init.signal?.aborted || init.body != null || (init.method ?? 'GET').toUpperCase() !== 'GET') return false;
  return !new Headers(init.headers).has('Authorization');
}

/** `fetch`, answered by the early script's request for the same URL when there is one (once). */
export function earlyFetch(input: string, init?: RequestInit, scope: object = globalThis, now = Date.now()): Promise<Response> {
  const state = early(scope);
  let url = input;
  try {
    url = new URL(input, globalThis.location?.href).href;
  } catch {
    // not a URL the early script could have asked for
  }
  const answer = state.answers.get(url);
  state.answers.delete(url);
  state.asked.add(url);
  if (answer && now - answer.at < EARLY_TTL_MS && plainGet(init)) return answer.response;
  return globalThis.fetch(input, init);
}
