// The composer's check of a file against an SRI value (what a browser does for `integrity`): a
// cross-origin manifest whose hash /remotes.json records is read only if its bytes match.
import { createHash } from 'node:crypto';

/** Whether `bytes` match one of the hashes of `integrity` ("sha384-<base64>", space-separated). */
export function matchesIntegrity(bytes: Uint8Array, integrity: string): boolean {
  return integrity
    .split(/\s+/)
    .filter(Boolean)
    .some((value) => {
      const m = /^(sha256|sha384|sha512)-(.+)$/.exec(value);
      return m !== null && createHash(m[1]!).update(bytes).digest('base64') === m[2];
    });
}
