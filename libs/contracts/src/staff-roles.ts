// Who is staff, in a module of its own without zod: the services check it on every staff endpoint,
// and the shell's first load (which carries no zod) uses it to choose which navbar links to show.
import { tokenClaimList } from './token-claims';

/**
 * Who may moderate (the rating service's `/api/moderation/*`): moderators, granted and revoked with
 * the admin CLI, and admins. The catalogue (`/api/admin/*`) stays for admins.
 */
export const MODERATION_ROLES = ['moderator', 'admin'] as const;
export const canModerate = (roles: readonly string[]): boolean => roles.some((r) => (MODERATION_ROLES as readonly string[]).includes(r));

/** The `roles` claim of an access token (read, not verified: the server decides; this only chooses what to show). */
export const accessTokenRoles = (access: string | null | undefined): string[] => tokenClaimList(access, 'roles');
