// Who is staff, in a module of its own without zod: the services check it on every staff endpoint,
// and the shell's first load (which carries no zod) uses it to choose which navbar links to show.

/**
 * Who may moderate (the rating service's `/api/moderation/*`): moderators, granted and revoked with
 * the admin CLI, and admins. The catalogue (`/api/admin/*`) stays for admins.
 */
export const MODERATION_ROLES = ['moderator', 'admin'] as const;
export const canModerate = (roles: readonly string[]): boolean => roles.some((r) => (MODERATION_ROLES as readonly string[]).includes(r));

/** The `roles` claim of an access token (read, not verified: the server decides; this only chooses what to show). */
export function accessTokenRoles(access: string | null | undefined): string[] {
  const payload = access?.split('.')[1];
  if (!payload) return [];
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const roles = (JSON.parse(json) as { roles?: unknown }).roles;
    return Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}
