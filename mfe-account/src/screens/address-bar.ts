// Secrets that arrive in the address (an e-mailed link's token, Google's one-time code) leave it
// as soon as the page has read them: out of the address bar, the history, bookmarks and
// screenshots. The router is not told (it keeps rendering the page it matched, with what it read
// in memory only); a reload of the new address no longer holds the secret.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';

/** Replaces the current address and its history entry by `path`, outside the router. */
export function replaceAddress(path: string): void {
  window.history.replaceState(window.history.state, '', path);
}

/**
 * The `:uid` and `:token` of an e-mailed link, read once and kept in memory; the address then
 * becomes `addressWithoutToken`.
 */
export function useEmailedLink(addressWithoutToken: string): { uid: string; token: string } {
  const params = useParams();
  const [link] = useState(() => ({ uid: params.uid ?? '', token: params.token ?? '' }));
  useEffect(() => replaceAddress(addressWithoutToken), [addressWithoutToken]);
  return link;
}
