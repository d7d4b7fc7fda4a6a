import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { ROOT } from '../infra/local/lib/paths.mjs';
import { loadSecurityPolicy, pageHeaders, serviceHeaders } from '../infra/local/lib/security-headers.mjs';

// The security headers as the browser meets them through the edge (ADR 0008): every answer
// carries them, the services' are never stored, the Content-Security-Policy really blocks what it
// should, and the fixtures' guard (support/csp-guard.ts) reports it (every other journey fails on
// any violation).

const policy = loadSecurityPolicy();

test('every answer carries the security headers; the services’ answers are never stored', async ({ stack }) => {
  const headersOf = (res: Response, names: string[]) => Object.fromEntries(names.map((n) => [n, res.headers.get(n)]));
  const remotes = await (await fetch(`${stack.url}/remotes.json`)).json();
  for (const p of ['/', '/communaute', '/auth', '/remotes.json', '/mfe/community/mf-manifest.json', '/mfe/review/remoteEntry.js']) {
    const expected = pageHeaders(policy, remotes);
    const res = await fetch(`${stack.url}${p}`);
    expect([p, res.status, headersOf(res, Object.keys(expected))]).toEqual([p, 200, expected]);
  }
  const answers: [string, RequestInit][] = [
    ['/api/subjects', {}],
    ['/auth/health', {}],
    ['/auth/token/', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }],
    ['/auth/manage/users/me/', {}],
    ['/auth/me', {}],
  ];
  for (const [p, init] of answers) {
    const expected = serviceHeaders(policy);
    const res = await fetch(`${stack.url}${p}`, init);
    expect([p, headersOf(res, Object.keys(expected))]).toEqual([p, expected]);
  }
});

test('an injected inline script does not run, and the violation is reported', async ({ page, cspViolations }) => {
  await page.goto('/');
  await expect(page.getByTestId('home')).toBeVisible();
  const ran = await page.evaluate(() => {
    const flags = window as unknown as { injected?: boolean };
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return Boolean(flags.injected);
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.some((v) => v.includes('script-src'))).toBe(true);
  cspViolations.length = 0; // this test's own, on purpose
});

test('no other page can frame the app', async ({ page, stack, cspViolations }) => {
  await page.setContent(`<iframe title="framed" src="${stack.url}/"></iframe>`);
  await expect.poll(() => cspViolations.some((v) => v.includes('frame-ancestors'))).toBe(true);
  expect(page.frames().some((f) => f.url().startsWith(stack.url))).toBe(false);
  cspViolations.length = 0; // this test's own, on purpose
});

test('the built pages hold no inline script, style or event handler: the policy allows none', ({ stack }) => {
  expect(stack.url).toBeTruthy(); // the fixture has built the apps
  for (const app of ['shell', 'mfe-community', 'mfe-review', 'mfe-account']) {
    const html = fs.readFileSync(path.join(ROOT, app, 'dist/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, body] of scripts) expect([app, tag, body.trim()]).toEqual([app, expect.stringMatching(/\ssrc=/), '']);
    expect([app, /<style\b|\sstyle=|\son[a-z]+=|javascript:/i.exec(html)?.[0]]).toEqual([app, undefined]);
  }
});
