import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { changeCount, componentKey, diffSboms, formatSbomDiff } from './sbom-diff.mjs';
import { previousSbomFile, sbomFile, writeSbomKeepingPrevious } from './sbom-files.mjs';

const npm = (name: string, version: string) => ({
  type: 'library',
  name: name.split('/').pop(),
  version,
  purl: `pkg:npm/${name.replace('@', '%40')}@${version}`,
});
const deb = (name: string, version: string) => ({
  type: 'library',
  name,
  version,
  purl: `pkg:deb/debian/${name}@${encodeURIComponent(version)}?arch=amd64&distro=debian-12`,
});
const base = (digest: string) => ({ type: 'container', name: 'localhost/pupitre-base/node', version: `sha256:${digest.repeat(64)}` });
const bom = (tag: string, components: object[]) => ({ bomFormat: 'CycloneDX', metadata: { component: { version: tag } }, components });

describe('SBOM comparison between builds', () => {
  it('names a component by its package URL without version (scope decoded), a base image by its repository', () => {
    expect(componentKey(npm('@nestjs/core', '11.1.0'))).toBe('npm @nestjs/core');
    expect(componentKey(deb('libc6', '2.36-9+deb12u10'))).toBe('deb debian/libc6');
    expect(componentKey(base('a'))).toBe('oci localhost/pupitre-base/node');
    expect(componentKey({ type: 'library', group: 'g', name: 'n' })).toBe('library g/n');
  });

  it('lists the added, removed and changed components, sorted', () => {
    const before = bom('aaa', [
      npm('@nestjs/core', '11.1.0'),
      npm('zod', '3.25.0'),
      npm('left-pad', '1.3.0'),
      deb('libc6', '2.36-9'),
      base('a'),
    ]);
    const after = bom('bbb', [npm('@nestjs/core', '11.1.6'), npm('zod', '3.25.0'), npm('ms', '2.1.3'), deb('libc6', '2.36-9'), base('b')]);
    const diff = diffSboms(before, after);
    expect(diff).toEqual({
      added: [{ name: 'npm ms', versions: ['2.1.3'] }],
      removed: [{ name: 'npm left-pad', versions: ['1.3.0'] }],
      changed: [
        { name: 'npm @nestjs/core', from: ['11.1.0'], to: ['11.1.6'] },
        { name: 'oci localhost/pupitre-base/node', from: [`sha256:${'a'.repeat(64)}`], to: [`sha256:${'b'.repeat(64)}`] },
      ],
    });
    expect(changeCount(diff)).toBe(4);
    expect(formatSbomDiff('auth', diff, { previousVersion: 'aaa' })).toEqual([
      '  auth: 1 added, 1 removed, 2 changed since aaa',
      '    + npm ms 2.1.3',
      '    - npm left-pad 1.3.0',
      '    ~ npm @nestjs/core 11.1.0 → 11.1.6',
      `    ~ oci localhost/pupitre-base/node sha256:${'a'.repeat(64)} → sha256:${'b'.repeat(64)}`,
    ]);
  });

  it('compares every version of a package installed twice (nested copies)', () => {
    const before = bom('a', [npm('semver', '7.7.2'), npm('semver', '6.3.1')]);
    const same = bom('b', [npm('semver', '6.3.1'), npm('semver', '7.7.2')]);
    const dropped = bom('c', [npm('semver', '7.7.2')]);
    expect(changeCount(diffSboms(before, same))).toBe(0);
    expect(diffSboms(before, dropped).changed).toEqual([{ name: 'npm semver', from: ['6.3.1', '7.7.2'], to: ['7.7.2'] }]);
  });

  it('says so when nothing changed, or when there is nothing to compare with, and cuts long lists', () => {
    const a = bom('a', [npm('ms', '2.1.3')]);
    expect(formatSbomDiff('shell', diffSboms(a, a), { previousVersion: 'a' })).toEqual(['  shell: same dependencies since a']);
    expect(formatSbomDiff('shell', diffSboms(null, a), { previousVersion: null })).toEqual([
      '  shell: first SBOM (nothing to compare with)',
    ]);
    const many = bom(
      'm',
      Array.from({ length: 5 }, (_, i) => npm(`p${i}`, '1.0.0')),
    );
    expect(formatSbomDiff('shell', diffSboms(bom('e', []), many), { previousVersion: 'e', max: 2 })).toEqual([
      '  shell: 5 added, 0 removed, 0 changed since e',
      '    + npm p0 1.0.0',
      '    + npm p1 1.0.0',
      '    … 3 more in the SBOMs',
    ]);
  });

  it('keeps the previous build’s SBOM beside the new one and compares them', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbom-'));
    try {
      const first = writeSbomKeepingPrevious(dir, 'auth', bom('aaa', [npm('ms', '2.1.2')]));
      expect(first.previousVersion).toBeNull();
      expect(changeCount(first.diff)).toBe(0);
      expect(fs.existsSync(previousSbomFile(dir, 'auth'))).toBe(false);

      const second = writeSbomKeepingPrevious(dir, 'auth', bom('bbb', [npm('ms', '2.1.3')]));
      expect(second.file).toBe(sbomFile(dir, 'auth'));
      expect(second.previousVersion).toBe('aaa');
      expect(second.diff.changed).toEqual([{ name: 'npm ms', from: ['2.1.2'], to: ['2.1.3'] }]);
      expect(JSON.parse(fs.readFileSync(previousSbomFile(dir, 'auth'), 'utf8')).metadata.component.version).toBe('aaa');
      expect(JSON.parse(fs.readFileSync(sbomFile(dir, 'auth'), 'utf8')).metadata.component.version).toBe('bbb');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
