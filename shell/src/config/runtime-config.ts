// The shell's runtime configuration: read from /config.json at start-up (served beside
// /remotes.json, written by the operators or, locally, by the stack from its environment), so the
// launch moment, the maintenance start and the footer links change without a rebuild.
import { createContext, useContext } from 'react';

export interface RuntimeConfig {
  /** Launch moment, Unix seconds: before it the app only shows a countdown. */
  launchAt: number;
  /** Start of a planned maintenance, Unix seconds (null: none planned). */
  maintenanceAt: number | null;
  socialUrl: string;
  contactEmail: string;
  donationUrl: string;
  /** Where /admin sends the browser after its deterrent. */
  adminRedirectUrl: string;
}

/** Spec, section 9: launch timestamp 1744207800 s. */
export const DEFAULT_LAUNCH_AT = 1744207800;

export const DEFAULT_CONFIG: RuntimeConfig = {
  launchAt: DEFAULT_LAUNCH_AT,
  maintenanceAt: null,
  socialUrl: 'https://www.instagram.com/pupitre.app/',
  contactEmail: 'contact@pupitre.app',
  donationUrl: 'https://www.buymeacoffee.com/pupitre',
  adminRedirectUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
};

export const CONFIG_URL = '/config.json';
/** The page does not wait longer than this for /config.json (defaults apply). */
export const CONFIG_TIMEOUT_MS = 2000;

const isHttpUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\//.test(value);
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

/** Keeps the valid fields of a parsed /config.json over the defaults. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const input = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  return {
    launchAt: isTime(input.launchAt) ? input.launchAt : DEFAULT_CONFIG.launchAt,
    maintenanceAt: isTime(input.maintenanceAt) ? input.maintenanceAt : DEFAULT_CONFIG.maintenanceAt,
    socialUrl: isHttpUrl(input.socialUrl) ? input.socialUrl : DEFAULT_CONFIG.socialUrl,
    contactEmail:
      typeof input.contactEmail === 'string' && /^[^\s@]+@[^\s@]+$/.test(input.contactEmail)
        ? input.contactEmail
        : DEFAULT_CONFIG.contactEmail,
    donationUrl: isHttpUrl(input.donationUrl) ? input.donationUrl : DEFAULT_CONFIG.donationUrl,
    adminRedirectUrl: isHttpUrl(input.adminRedirectUrl) ? input.adminRedirectUrl : DEFAULT_CONFIG.adminRedirectUrl,
  };
}

/** Fetches /config.json (served `no-cache`: revalidated at each load); any problem → the defaults. */
export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args),
  timeoutMs = CONFIG_TIMEOUT_MS,
): Promise<RuntimeConfig> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    // A plain GET, as the page's `<link rel="preload" as="fetch">` of it asks (tools/rspack/host.mjs),
    // so it takes that answer; its servers send it `no-cache` (revalidated at each load).
    const response = await fetchImpl(CONFIG_URL, { signal: controller.signal });
    if (!response.ok) return DEFAULT_CONFIG;
    return parseRuntimeConfig(await response.json());
  } catch {
    return DEFAULT_CONFIG;
  } finally {
    clearTimeout(timer);
  }
}

export const RuntimeConfigContext = createContext<RuntimeConfig>(DEFAULT_CONFIG);
export const useRuntimeConfig = () => useContext(RuntimeConfigContext);
