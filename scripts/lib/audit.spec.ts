import { auditOutcome, seriousFindings } from './audit.mjs';

// What npm 11 prints with --json when the registry refuses the audit endpoint (this machine's mirror).
const REFUSED = JSON.stringify({
  message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
});
const REFUSED_STDERR = 'npm warn audit 405 Method Not Allowed - POST …\nnpm error audit endpoint returned an error\n';

const counts = (c: Partial<Record<string, number>>) => ({ info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...c });
const report = (vulnerabilities: Record<string, object>, c: Partial<Record<string, number>>) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: { vulnerabilities: counts(c), dependencies: {} } });
const advisory = (title: string, id: number, severity: string) => ({
  source: id,
  name: 'x',
  title,
  url: `https://github.com/advisories/GHSA-${id}`,
  severity,
});

describe('the dependency audit', () => {
  it('passes when the registry answers with no high or critical advisory', () => {
    const out = auditOutcome({
      status: 0,
      stdout: report({ ms: { name: 'ms', severity: 'low', via: [] } }, { low: 1, total: 1 }),
      stderr: '',
    });
    expect(out).toEqual({
      ok: true,
      kind: 'clean',
      lines: ['npm audit (production dependencies): no high or critical advisory (0 critical, 0 high, 0 moderate, 1 low, 0 info)'],
    });
  });

  it('fails on high and critical findings, naming each package, its advisories and whether a fix exists', () => {
    const vulns = {
      express: { name: 'express', severity: 'high', range: '<4.20.0', via: [advisory('Open redirect', 1, 'high')], fixAvailable: true },
      'body-parser': {
        name: 'body-parser',
        severity: 'critical',
        range: '<1.20.3',
        via: [advisory('DoS', 2, 'critical')],
        fixAvailable: false,
      },
      // an indirect one: `via` names the package it comes through, not an advisory
      qs: { name: 'qs', severity: 'moderate', range: '*', via: ['express'], fixAvailable: true },
      'serve-static': { name: 'serve-static', severity: 'high', range: '', via: ['express'], fixAvailable: false },
    };
    const out = auditOutcome({ status: 1, stdout: report(vulns, { critical: 1, high: 2, moderate: 1, total: 4 }), stderr: '' });
    expect(out.ok).toBe(false);
    expect(out.kind).toBe('findings');
    expect(out.lines).toEqual([
      'npm audit (production dependencies): 3 packages with a high or critical advisory (1 critical, 2 high, 1 moderate, 0 low, 0 info):',
      '  body-parser <1.20.3 — critical',
      '    DoS (https://github.com/advisories/GHSA-2)',
      '  express <4.20.0 — high (a fix is available: npm audit fix --omit dev)',
      '    Open redirect (https://github.com/advisories/GHSA-1)',
      '  serve-static — high, through express',
    ]);
    expect(seriousFindings(JSON.parse(report(vulns, {}))).map((f) => f.name)).toEqual(['body-parser', 'express', 'serve-static']);
  });

  it('says clearly that nothing was audited when the registry does not answer the endpoint, and passes', () => {
    const out = auditOutcome({ status: 1, stdout: REFUSED, stderr: REFUSED_STDERR, registry: 'https://registry.npmjs.org/' });
    expect(out.ok).toBe(true);
    expect(out.kind).toBe('unanswered');
    expect(out.lines[0]).toBe(
      'npm audit: https://registry.npmjs.org/ does not answer the audit endpoint (405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk).',
    );
    expect(out.lines.join('\n')).toContain('NOT audited');
    expect(out.lines.join('\n')).toContain('docs/security/supply-chain.md');
  });

  it('fails when no answer came and AUDIT_REQUIRED=1 (CI against a registry that answers)', () => {
    const out = auditOutcome({ status: 1, stdout: REFUSED, stderr: REFUSED_STDERR, required: true });
    expect(out.ok).toBe(false);
    expect(out.kind).toBe('unanswered');
    expect(out.lines.at(-1)).toContain('AUDIT_REQUIRED=1');
  });

  it('counts a network failure or a time-out as no answer', () => {
    const offline = JSON.stringify({ error: { code: 'ENOTFOUND', summary: 'request to https://registry.example/ failed' } });
    expect(auditOutcome({ status: 1, stdout: offline, stderr: '' }).kind).toBe('unanswered');
    expect(auditOutcome({ status: 1, stdout: offline, stderr: '' }).lines[0]).toContain(
      'ENOTFOUND: request to https://registry.example/ failed',
    );
    expect(auditOutcome({ status: null, stdout: '', stderr: '', timedOut: true }).lines[0]).toContain('no answer within the time limit');
  });

  it('fails on any other error (no lock file, unreadable output)', () => {
    const noLock = JSON.stringify({ error: { code: 'ENOLOCK', summary: 'This command requires an existing lockfile.' } });
    expect(auditOutcome({ status: 1, stdout: noLock, stderr: '' })).toEqual({
      ok: false,
      kind: 'error',
      lines: ['npm audit failed (exit 1): This command requires an existing lockfile.'],
    });
    expect(auditOutcome({ status: 1, stdout: '', stderr: 'npm error something odd' }).kind).toBe('error');
  });
});
