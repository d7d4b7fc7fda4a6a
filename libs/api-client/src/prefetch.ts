// Reads started before the code that uses them has loaded: the shell knows at start-up (and when a
// route is entered) which GETs the route's screen sends first (@pupitre/mf-runtime's route reads),
// starts them beside the screen's code, and the screen's own call to the request helper is answered
// with them (./prefetch-cache). Same transport as every request; the page-level reactions (popup,
// navigation) happen when the screen takes the answer, as if it had sent the request itself.
import { getSession } from '@pupitre/session';
import { fetchOutcome, type ApiOutcome } from './client';
import { putPrefetched, serverRead } from './prefetch-cache';

export { peekPrefetched, isPrefetched, clearPrefetched, primeServerReads, PREFETCH_TTL_MS } from './prefetch-cache';

/**
 * Starts `GET path` now for whoever asks for it next (with or without the session's token). A read
 * the server-rendered page holds already is not asked for again when it would go without a token.
 */
export function prefetch(path: string, { auth = true }: { auth?: boolean } = {}): Promise<ApiOutcome<unknown>> {
  const rendered = serverRead(path);
  if (rendered && !(auth && getSession().email)) return Promise.resolve(rendered);
  return putPrefetched('GET', path, auth, () => fetchOutcome('GET', path, { auth }));
}
