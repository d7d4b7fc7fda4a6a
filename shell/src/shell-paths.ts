// The paths of the shell's own pages (./route-table.tsx holds their screens): no remote may declare
// them. A module of its own, without React, so the early script can tell a remote's page from the
// shell's before main.js runs.
export const SHELL_PATHS = ['/', '/conditions-service', '/politique-des-cookies', '/politique-de-privacite', '/admin'] as const;

export type ShellPath = (typeof SHELL_PATHS)[number];

/**
 * Whether `pathname` is one of the shell's pages, as the router matches them (a trailing slash and
 * letter case aside).
 */
export function isShellPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SHELL_PATHS as readonly string[]).includes((path || '/').toLowerCase());
}
