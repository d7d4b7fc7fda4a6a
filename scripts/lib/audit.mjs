// The dependency audit (issue #41, supply chain): `npm audit --omit dev --audit-level high` over
// the production dependencies of every workspace (package-lock.json), read as JSON. Three outcomes:
//   - the registry answered and no high or critical advisory concerns a production dependency: ok;
//   - it answered with high or critical findings: fails, naming each package, its severity and
//     advisories (npm audit fix, or a pinned override, then commit the lock);
//   - it did not answer the audit endpoint (a mirror without /-/npm/v1/security/*, such as this
//     machine's: 405 Method Not Allowed; no network): a notice saying so, and ok, unless
//     AUDIT_REQUIRED=1 (set it in CI against a registry that answers, so an outage never passes).
// Used by `npm run audit` (scripts/audit.mjs) and `npm test` (step audit).
import { spawnSync } from 'node:child_process';

export const AUDIT_ARGS = ['audit', '--omit', 'dev', '--audit-level', 'high', '--json'];
const FAILING = ['high', 'critical'];
/** npm's error codes when no audit answer came back (network, or a registry without the endpoint). */
const UNANSWERED_CODES = new Set(['ENOAUDIT', 'ENOTFOUND', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH']);

const parse = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Why the audit endpoint gave no answer, or null when it answered (or failed for another reason). */
function unanswered(json, stderr, timedOut) {
  if (timedOut) return 'no answer within the time limit';
  const status = Number(json?.statusCode);
  if (status >= 400) return String(json.message ?? `HTTP ${status}`).split('\n')[0];
  const code = json?.error?.code ?? json?.code;
  if (code && UNANSWERED_CODES.has(code)) return `${code}: ${String(json?.error?.summary ?? json?.message ?? '').split('\n')[0]}`.trim();
  if (/audit endpoint returned an error/i.test(stderr)) return 'the audit endpoint returned an error';
  return null;
}

/** The high and critical vulnerable packages of an audit report: [{ name, severity, advisories }]. */
export function seriousFindings(report) {
  return Object.values(report.vulnerabilities ?? {})
    .filter((v) => FAILING.includes(v.severity))
    .map((v) => ({
      name: v.name,
      severity: v.severity,
      range: v.range,
      advisories: (v.via ?? []).filter((x) => typeof x === 'object').map((x) => `${x.title} (${x.url})`),
      through: (v.via ?? []).filter((x) => typeof x === 'string'),
      fix: v.fixAvailable === true || typeof v.fixAvailable === 'object',
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * What an `npm audit --json` run means: { ok, kind: 'clean' | 'findings' | 'unanswered' | 'error', lines }.
 * @param {{ status: number | null, stdout: string, stderr: string, timedOut?: boolean, registry?: string, required?: boolean }} run
 */
export function auditOutcome({ status, stdout, stderr, timedOut = false, registry = 'the registry', required = false }) {
  const json = parse(stdout);
  if (json?.metadata?.vulnerabilities) {
    const counts = json.metadata.vulnerabilities;
    const summary = ['critical', 'high', 'moderate', 'low', 'info'].map((s) => `${counts[s] ?? 0} ${s}`).join(', ');
    const findings = seriousFindings(json);
    if (!findings.length)
      return { ok: true, kind: 'clean', lines: [`npm audit (production dependencies): no high or critical advisory (${summary})`] };
    return {
      ok: false,
      kind: 'findings',
      lines: [
        `npm audit (production dependencies): ${findings.length} package${findings.length > 1 ? 's' : ''} with a high or critical advisory (${summary}):`,
        ...findings.flatMap((f) => [
          [
            `  ${[f.name, f.range].filter(Boolean).join(' ')} — ${f.severity}`,
            f.through.length ? `, through ${f.through.join(', ')}` : '',
            f.fix ? ' (a fix is available: npm audit fix --omit dev)' : '',
          ].join(''),
          ...f.advisories.map((a) => `    ${a}`),
        ]),
      ],
    };
  }
  const why = unanswered(json, stderr, timedOut);
  if (why) {
    const lines = [
      `npm audit: ${registry} does not answer the audit endpoint (${why}).`,
      '  The production dependencies were NOT audited: a registry mirror or proxy that serves packages but not',
      '  /-/npm/v1/security/advisories/bulk answers so. Run `npm run audit` where the registry answers it',
      '  (registry.npmjs.org itself), with AUDIT_REQUIRED=1 so that no answer fails: docs/security/supply-chain.md.',
    ];
    return required
      ? { ok: false, kind: 'unanswered', lines: [...lines, '  AUDIT_REQUIRED=1: failing.'] }
      : { ok: true, kind: 'unanswered', lines };
  }
  const detail = (json?.error?.summary ?? json?.message ?? stderr ?? '').trim().split('\n').slice(-4).join('\n  ');
  return { ok: false, kind: 'error', lines: [`npm audit failed (exit ${status}): ${detail || 'no output'}`] };
}

/** Runs the audit in `cwd`; returns its outcome (see auditOutcome). */
export function runAudit({ cwd, env = process.env, npm = 'npm', timeoutMs = 120_000 } = {}) {
  const res = spawnSync(npm, AUDIT_ARGS, { cwd, env, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  const registry = spawnSync(npm, ['config', 'get', 'registry'], { cwd, env, encoding: 'utf8' }).stdout?.trim() || undefined;
  return auditOutcome({
    status: res.status,
    stdout: res.stdout ?? '',
    stderr: res.stderr ?? '',
    timedOut: res.error?.code === 'ETIMEDOUT',
    registry,
    required: env.AUDIT_REQUIRED === '1',
  });
}
