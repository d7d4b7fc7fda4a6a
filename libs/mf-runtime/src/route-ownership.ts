// The one table of who owns which path. The shell declares one <Route> per path here; each remote
// exposes `./routes`, a default-exported map { [path]: Component } with exactly its own paths.
// Tests on both sides check themselves against this table.

export const REMOTE_NAMES = ['community', 'review', 'account'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type Owner = 'shell' | RemoteName;

export const ROUTE_OWNERSHIP = {
  shell: ['/', '/conditions-service', '/politique-des-cookies', '/politique-de-privacite', '/admin'],
  community: ['/communaute', '/teacher/:id', '/ranking'],
  review: ['/publication', '/publication/complete', '/review/:id/edit', '/moderation', '/transparence'],
  account: [
    '/auth',
    '/me',
    '/me/favorites',
    '/me/reviews',
    '/me/reports',
    '/settings',
    '/google/login',
    '/activate/:uid/:token',
    '/password/reset/confirm/:uid/:token',
  ],
} as const satisfies Record<Owner, readonly string[]>;

export type OwnedPath<O extends Owner> = (typeof ROUTE_OWNERSHIP)[O][number];
export type RemotePath = OwnedPath<RemoteName>;

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}

/** Every remote-owned path with its owner, in table order. */
export function remoteRoutes(): { remote: RemoteName; path: RemotePath }[] {
  return REMOTE_NAMES.flatMap((remote) => ROUTE_OWNERSHIP[remote].map((path) => ({ remote, path })));
}

/** The id passed to the federation runtime for a remote's exposed route map. */
export function routesModuleId(remote: RemoteName): `${RemoteName}/routes` {
  return `${remote}/routes`;
}
