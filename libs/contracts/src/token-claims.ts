// The claims of a JWT, read but not verified: the services decide; a front end only uses them to
// choose what to show or when to refresh. No zod here: the shell's first load carries this.

/** The payload of `jwt` as an object, or null when it cannot be read. */
export function tokenClaims(jwt: string | null | undefined): Record<string, unknown> | null {
  const payload = jwt?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A claim holding a list of strings (`roles`, `amr`), empty when absent or unreadable. */
export function tokenClaimList(jwt: string | null | undefined, claim: string): string[] {
  const values = tokenClaims(jwt)?.[claim];
  return Array.isArray(values) ? values.filter((v): v is string => typeof v === 'string') : [];
}
