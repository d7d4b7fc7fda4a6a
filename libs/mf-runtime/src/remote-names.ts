// The remotes the shell knows by name (their manifests' URLs come from /remotes.json, their pages
// from those manifests: ./remote-routes.ts).

export const REMOTE_NAMES = ['community', 'review', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}

/** The id passed to the federation runtime for a remote's exposed route map. */
export function routesModuleId(remote: RemoteName): `${RemoteName}/routes` {
  return `${remote}/routes`;
}
