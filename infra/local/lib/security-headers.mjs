// The security headers of every answer the browser gets, from infra/security-headers.json (the one
// policy, ADR 0008): the pages' Content-Security-Policy allows, besides 'self', the origins of the
// remotes file's absolute URLs (a relative /mfe/... line is same-origin and adds none); the
// services' answers (tokens, accounts, the user's own data) have their own policy and are never
// stored. The local edge's nginx configuration carries these values (edge-config.mjs); security-configs.mjs writes them for nginx and
// the Ingress.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths.mjs';

export const POLICY_FILE = path.join(ROOT, 'infra/security-headers.json');
/** The placeholder of the policy's source lists replaced by the remotes' origins. */
export const REMOTE_ORIGINS = '<remote origins>';

/**
 * @typedef {Record<string, string[]>} Directives
 * @typedef {Record<string, string>} Headers
 * @typedef {{ headers: Headers, pages: { contentSecurityPolicy: Directives }, services: { targets: string[], contentSecurityPolicy: Directives, headers: Headers } }} SecurityPolicy
 */

const isHeaders = (h) =>
  h && typeof h === 'object' && Object.entries(h).every(([k, v]) => k.startsWith('$') || (typeof v === 'string' && !/["\n]/.test(v)));
const isDirectives = (d) =>
  d &&
  typeof d === 'object' &&
  Object.values(d).every((sources) => Array.isArray(sources) && sources.every((s) => typeof s === 'string' && !/[;,"\n]/.test(s)));

/** @returns {SecurityPolicy} */
export function loadSecurityPolicy(file = POLICY_FILE) {
  const policy = JSON.parse(fs.readFileSync(file, 'utf8'));
  const valid =
    isHeaders(policy.headers) &&
    isDirectives(policy.pages?.contentSecurityPolicy) &&
    isDirectives(policy.services?.contentSecurityPolicy) &&
    isHeaders(policy.services.headers) &&
    Array.isArray(policy.services.targets);
  if (!valid) throw new Error(`invalid security policy in ${file}`);
  return policy;
}

/**
 * The CSP sources of a remotes file ({ name: manifest URL }): the origin of each absolute http(s)
 * URL (a protocol-relative //host/... gives its host), sorted, once each; relative URLs give none.
 * @param {Record<string, unknown>} remotes
 * @returns {string[]}
 */
export function remoteOrigins(remotes) {
  const origins = new Set();
  for (const [name, value] of Object.entries(remotes ?? {})) {
    if (name.startsWith('$')) continue; // "$comment", "$integrity" (the entries' hashes): no remote, as for the shell
    if (typeof value !== 'string') throw new Error(`remotes file: "${name}" is not a URL`);
    const protocolRelative = value.startsWith('//');
    if (!protocolRelative && !/^[a-z][a-z\d+.-]*:/i.test(value)) continue;
    const url = new URL(value, 'https://base.invalid');
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`remotes file: "${name}" is not an http(s) URL: ${value}`);
    origins.add(protocolRelative ? url.host : url.origin);
  }
  return [...origins].sort();
}

/** A Content-Security-Policy value from directives, `<remote origins>` replaced by `origins`. */
function serialize(directives, origins = []) {
  return Object.entries(directives)
    .map(([directive, sources]) => [directive, ...sources.flatMap((s) => (s === REMOTE_ORIGINS ? origins : [s]))].join(' '))
    .join('; ');
}

const own = (headers) => Object.fromEntries(Object.entries(headers).filter(([k]) => !k.startsWith('$')));

/** The headers of the front ends' answers (pages, scripts, styles, files) for a remotes file. @returns {Headers} */
export function pageHeaders(policy, remotes = {}) {
  return { 'Content-Security-Policy': serialize(policy.pages.contentSecurityPolicy, remoteOrigins(remotes)), ...own(policy.headers) };
}

/** The headers of the services' answers: their own CSP, never stored. @returns {Headers} */
export function serviceHeaders(policy) {
  return {
    'Content-Security-Policy': serialize(policy.services.contentSecurityPolicy),
    ...own(policy.headers),
    ...own(policy.services.headers),
  };
}

/** Whether a route target (infra/routes.json) is one of the services. */
export function isServiceTarget(policy, target) {
  return policy.services.targets.includes(target);
}

/**
 * The headers for a route target, the remotes file re-read when it changes (the stack and the
 * tests rewrite it while a server runs). Without a file, or while it is unreadable or holds a
 * line that is no http(s) URL, no remote origin is allowed.
 * @param {{ policy: SecurityPolicy, remotesFile?: string }} options
 * @returns {(target: string | undefined) => Headers}
 */
export function headersByTarget({ policy, remotesFile }) {
  let seen = '';
  let remotes = {};
  const currentRemotes = () => {
    if (!remotesFile) return remotes;
    let stamp = 'missing';
    try {
      const stat = fs.statSync(remotesFile);
      stamp = `${stat.mtimeMs}:${stat.size}`;
      if (stamp !== seen) {
        remotes = JSON.parse(fs.readFileSync(remotesFile, 'utf8'));
        remoteOrigins(remotes);
      }
    } catch {
      remotes = {};
    }
    seen = stamp;
    return remotes;
  };
  return (target) => (target && isServiceTarget(policy, target) ? serviceHeaders(policy) : pageHeaders(policy, currentRemotes()));
}
