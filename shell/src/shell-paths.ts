// The paths of the shell's own pages (./route-table.tsx holds their screens): no remote may declare
// them. A module of its own, without React: the composer tells a remote's page from the shell's
// with it too.
export const SHELL_PATHS = ['/', '/conditions-service', '/politique-des-cookies', '/politique-de-privacite', '/admin'] as const;

export type ShellPath = (typeof SHELL_PATHS)[number];

/**
 * The shell's pages the composer renders on the server (issue #39): the reading ones. /admin is a
 * redirect, rendered in the browser.
 */
export const RENDERED_SHELL_PATHS: readonly ShellPath[] = ['/', '/conditions-service', '/politique-des-cookies', '/politique-de-privacite'];

/** The rendered shell page `pathname` is, exactly as written (the data block's path); null for any other path. */
export function renderedShellPath(pathname: string): ShellPath | null {
  return RENDERED_SHELL_PATHS.find((path) => path === pathname) ?? null;
}

/**
 * Whether `pathname` is one of the shell's pages, as the router matches them (a trailing slash and
 * letter case aside).
 */
export function isShellPage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (SHELL_PATHS as readonly string[]).includes((path || '/').toLowerCase());
}
