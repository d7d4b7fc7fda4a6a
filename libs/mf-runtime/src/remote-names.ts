// A remote's name is data, not code: whatever /remotes.json lists (their manifests' URLs come from
// it, their pages and navbar links from those manifests: ./remote-routes.ts). The shell knows none
// of them in advance; a name only has to be a valid federation name, checked where it comes in.

/**
 * A remote's name, as /remotes.json and the remote's build (`name` in its rspack config) spell it:
 * a lower-case letter, then lower-case letters, digits or `_`, at most 32 characters (it is a
 * federation container's global name and a module id prefix, `<name>/routes`). `Lowercase<string>`
 * keeps a raw string out: one comes in through `isRemoteName`.
 */
export type RemoteName = Lowercase<string>;

export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

/** Names no remote may take: the shell's own federation name. */
export const RESERVED_REMOTE_NAMES: readonly string[] = ['shell'];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && REMOTE_NAME_PATTERN.test(value) && !RESERVED_REMOTE_NAMES.includes(value);
}

/** The id passed to the federation runtime for a remote's exposed route map. */
export function routesModuleId(remote: RemoteName): `${RemoteName}/routes` {
  return `${remote}/routes`;
}
