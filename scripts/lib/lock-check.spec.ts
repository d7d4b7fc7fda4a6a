import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkLockAcceptedByNpmCi } from './lock-check.mjs';

// A tiny project with one local dependency: npm ci needs no registry for it.
function project(lockHasDependency: boolean) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-spec-'));
  fs.mkdirSync(path.join(root, 'dep'));
  fs.writeFileSync(path.join(root, 'dep/package.json'), JSON.stringify({ name: 'dep', version: '1.0.0' }));
  fs.writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'p', version: '1.0.0', dependencies: { dep: 'file:dep' } }));
  const packages: Record<string, unknown> = { '': { name: 'p', version: '1.0.0', dependencies: { dep: 'file:dep' } } };
  if (lockHasDependency) {
    packages['node_modules/dep'] = { resolved: 'dep', link: true };
    packages.dep = { version: '1.0.0' };
  }
  fs.writeFileSync(
    path.join(root, 'package-lock.json'),
    JSON.stringify({ name: 'p', version: '1.0.0', lockfileVersion: 3, requires: true, packages }),
  );
  return root;
}

describe('npm ci accepts the lock file', () => {
  it('passes on a lock in sync with package.json', () => {
    const root = project(true);
    expect(checkLockAcceptedByNpmCi(root, { files: ['package.json', 'package-lock.json', 'dep/package.json'] })).toMatchObject({
      ok: true,
    });
  }, 60_000);
  it('fails, saying what is missing and how to fix it, on a lock that lacks an entry', () => {
    const root = project(false);
    const r = checkLockAcceptedByNpmCi(root, { files: ['package.json', 'package-lock.json', 'dep/package.json'] });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/npm ci refuses package-lock.json/);
    expect(r.message).toMatch(/npm install --package-lock-only/);
  }, 60_000);
});
