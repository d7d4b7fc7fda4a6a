// The local-storage keys of the session (see ./store.ts), alone in a module without side effects:
// the shell's early script reads one of them without taking the store.
export const SESSION_KEYS = {
  email: 'email',
  access: 'access',
  accessExpiry: 'access-expiry',
  refresh: 'refresh',
  lang: 'lang',
} as const;
