import { type DeviceDescription, type DeviceKind } from '@pupitre/contracts';
import { createHash } from 'node:crypto';

// A User-Agent reduced to what a person recognises their device by (phone, tablet or computer; the
// browser's and the system's family), and nothing more: no versions, no models, never the raw
// header. Small on purpose: a few well-known tokens, in the order that disambiguates them (Edge and
// Opera also say "Chrome", Chrome also says "Safari", an iPhone also says "Mac OS X").

const BROWSERS: ReadonlyArray<[string, RegExp]> = [
  ['Edge', /\bEdg(e|A|iOS)?\//],
  ['Opera', /\b(OPR|Opera|OPT)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(Firefox|FxiOS)\//],
  ['Chrome', /\b(Chrome|HeadlessChrome|CriOS|Chromium)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const SYSTEMS: ReadonlyArray<[string, RegExp]> = [
  ['iOS', /\b(iPhone|iPad|iPod)\b/],
  ['Android', /\bAndroid\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b|\bX11\b/],
];

function kindOf(ua: string, os: string): DeviceKind {
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\//.test(ua) || (os === 'Android' && !/\bMobile\b/.test(ua))) return 'tablet';
  if (/\bMobi|\biPhone\b|\biPod\b|\bWindows Phone\b/.test(ua)) return 'phone';
  if (os === 'Windows' || os === 'macOS' || os === 'Linux' || os === 'ChromeOS') return 'desktop';
  return 'unknown';
}

/** The coarse description of a User-Agent header (`unknown` / `Other` for what is not recognised). */
export function describeDevice(userAgent: string | undefined): DeviceDescription {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([, re]) => re.test(ua))?.[0] ?? 'Other';
  const os = SYSTEMS.find(([, re]) => re.test(ua))?.[0] ?? 'Other';
  return { kind: kindOf(ua, os), browser, os };
}

/** A short hash of a description, keyed by the account: what the account's list of known devices holds. */
export function deviceKey(userId: string, device: DeviceDescription): string {
  return createHash('sha256').update(`${userId}|${device.kind}|${device.browser}|${device.os}`).digest('base64url').slice(0, 22);
}

/** A description says something when its device family or its browser was recognised. */
export const isRecognised = (device: DeviceDescription): boolean => device.kind !== 'unknown' || device.browser !== 'Other';
