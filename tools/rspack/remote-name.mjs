// A remote's name, as its build and /remotes.json spell it: any name of this pattern but "shell".
// The same rule as isRemoteName in libs/mf-runtime/src/remote-names.ts (the shell's run-time
// check; route-declarations.spec.ts checks that the two agree).
export const REMOTE_NAME_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;

/** Throws unless `name` can name a remote. */
export function checkRemoteName(name) {
  if (typeof name !== 'string' || !REMOTE_NAME_PATTERN.test(name) || name === 'shell')
    throw new Error(`"${name}" is not a valid remote name: ${REMOTE_NAME_PATTERN.source}, not "shell"`);
  return name;
}
