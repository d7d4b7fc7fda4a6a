import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headersByTarget, loadSecurityPolicy, pageHeaders, remoteOrigins, serviceHeaders } from './security-headers.mjs';

const policy = loadSecurityPolicy();

/** A CSP value as { directive: sources }. */
function parseCsp(value: string): Record<string, string[]> {
  return Object.fromEntries(
    value
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('remoteOrigins', () => {
  it('gives the origin of each absolute URL once, sorted; same-origin paths give none', () => {
    expect(remoteOrigins({ community: '/mfe/community/mf-manifest.json', review: 'mfe/review/mf-manifest.json?v=2' })).toEqual([]);
    expect(
      remoteOrigins({
        community: 'https://cdn.example.org/community/mf-manifest.json',
        review: 'https://cdn.example.org:8443/review/mf-manifest.json?v=1',
        account: 'http://127.0.0.1:4203/mf-manifest.json',
        other: 'https://cdn.example.org/other/mf-manifest.json',
      }),
    ).toEqual(['http://127.0.0.1:4203', 'https://cdn.example.org', 'https://cdn.example.org:8443']);
  });

  it('keeps a protocol-relative URL scheme-less (it follows the page) and refuses what is no http(s) URL', () => {
    expect(remoteOrigins({ review: '//cdn.example.org/review/mf-manifest.json' })).toEqual(['cdn.example.org']);
    expect(() => remoteOrigins({ review: 'javascript:alert(1)' })).toThrow(/not an http\(s\) URL/);
    expect(() => remoteOrigins({ review: 42 })).toThrow(/not a URL/);
  });

  it('skips the keys that name no remote ("$comment", "$integrity": the entries\' hashes, issue #41)', () => {
    expect(
      remoteOrigins({
        community: 'https://cdn.example.org/community/mf-manifest.json',
        $comment: 'https://ignored.example/',
        $integrity: { community: `sha384-${'A'.repeat(64)}` },
      }),
    ).toEqual(['https://cdn.example.org']);
  });
});

describe('the pages’ headers', () => {
  const csp = (remotes = {}) => parseCsp(pageHeaders(policy, remotes)['Content-Security-Policy']);

  it('are strict: self only, no inline or eval script, no plugin, no framing, no foreign base or form target', () => {
    const d = csp();
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toEqual(["'self'"]);
    expect(d['style-src']).toEqual(["'self'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    for (const sources of Object.values(d)) expect(sources.filter((s) => /unsafe|^\*$|^https?:$|^blob:$/.test(s))).toEqual([]);
    expect(pageHeaders(policy)).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    expect(pageHeaders(policy)).not.toHaveProperty('Cache-Control');
  });

  it('allow a remote served from another origin to load its scripts, styles, files and manifest, and nothing more', () => {
    const d = csp({ review: 'https://cdn.example.org/review/mf-manifest.json', community: '/mfe/community/mf-manifest.json' });
    for (const directive of ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src'])
      expect(d[directive]).toContain('https://cdn.example.org');
    for (const directive of ['default-src', 'media-src', 'worker-src', 'object-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(d[directive]).not.toContain('https://cdn.example.org');
    }
  });
});

describe('the services’ headers', () => {
  it('are never stored, allow no script but their own files, and no framing', () => {
    const h = serviceHeaders(policy);
    expect(h['Cache-Control']).toBe('no-store');
    const d = parseCsp(h['Content-Security-Policy']);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toBeUndefined(); // falls back to default-src 'self'
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(h).toMatchObject({ 'X-Frame-Options': 'DENY', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
  });
});

describe('headersByTarget', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'security-headers-'));
  const remotesFile = path.join(dir, 'remotes.json');
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives the services’ headers to auth and rating, the pages’ to the rest, re-reading the remotes file when it changes', () => {
    fs.writeFileSync(remotesFile, JSON.stringify({ review: '/mfe/review/mf-manifest.json' }));
    const headersFor = headersByTarget({ policy, remotesFile });
    expect(headersFor('auth')).toEqual(serviceHeaders(policy));
    expect(headersFor('rating')).toEqual(serviceHeaders(policy));
    expect(headersFor('shell')).toEqual(pageHeaders(policy));
    expect(headersFor('mfe-review')).toEqual(pageHeaders(policy));

    const moved = { review: 'https://cdn.example.org/review/mf-manifest.json' };
    fs.writeFileSync(remotesFile, JSON.stringify(moved, null, 2));
    expect(headersFor('shell')['Content-Security-Policy']).toContain("script-src 'self' https://cdn.example.org;");
    expect(headersFor(undefined)).toEqual(pageHeaders(policy, moved));
  });

  it('allows no remote origin while the file is missing or holds something else than URLs', () => {
    const headersFor = headersByTarget({ policy, remotesFile: path.join(dir, 'missing.json') });
    expect(headersFor('shell')).toEqual(pageHeaders(policy));
    fs.writeFileSync(remotesFile, JSON.stringify({ review: 'https://cdn.example.org/x.json', bad: 'data:text/javascript,1' }));
    expect(headersByTarget({ policy, remotesFile })('shell')).toEqual(pageHeaders(policy));
  });
});
