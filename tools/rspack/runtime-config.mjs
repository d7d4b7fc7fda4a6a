// The shell's runtime configuration (/config.json), read at start-up so operators change it
// without a rebuild. Environment → JSON; every field optional (the shell has defaults).
//   LAUNCH_AT, MAINTENANCE_AT  Unix seconds
//   SOCIAL_URL, CONTACT_EMAIL, DONATION_URL, ADMIN_REDIRECT_URL
/** @param {Record<string, string | undefined>} [env] */
export function runtimeConfigFromEnv(env = process.env) {
  const num = (v) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v));
  const str = (v) => (v === undefined || v === '' ? undefined : v);
  const config = {
    launchAt: num(env.LAUNCH_AT),
    maintenanceAt: num(env.MAINTENANCE_AT),
    socialUrl: str(env.SOCIAL_URL),
    contactEmail: str(env.CONTACT_EMAIL),
    donationUrl: str(env.DONATION_URL),
    adminRedirectUrl: str(env.ADMIN_REDIRECT_URL),
  };
  return Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
}
