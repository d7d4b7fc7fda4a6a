import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CA_IN_BUILD, buildCaMount, findBuildCa } from './build-ca.mjs';

describe('the CA lent to npm in the builds', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-ca-spec-'));
  const ca = path.join(dir, 'proxy-ca.crt');
  fs.writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nAAA\n-----END CERTIFICATE-----\n');

  it("is NODE_EXTRA_CA_CERTS, else npm's cafile, when the file exists", () => {
    expect(findBuildCa({ env: { NODE_EXTRA_CA_CERTS: ca }, npmCafile: () => null })).toBe(ca);
    expect(findBuildCa({ env: {}, npmCafile: () => ca })).toBe(ca);
    expect(findBuildCa({ env: { NODE_EXTRA_CA_CERTS: '/nope.crt' }, npmCafile: () => 'null' })).toBeNull();
  });
  it('is copied alone into a folder mounted read-only over /mnt, named by the build argument', () => {
    const mount = buildCaMount({ env: { NODE_EXTRA_CA_CERTS: ca }, npmCafile: () => null }, path.join(dir, 'lent'));
    expect(mount.args).toEqual(['--build-arg', `NODE_EXTRA_CA_CERTS=${CA_IN_BUILD}`, '--volume', `${path.join(dir, 'lent')}:/mnt:ro`]);
    expect(fs.readdirSync(path.join(dir, 'lent'))).toEqual(['build-ca.crt']);
  });
  it('adds nothing without a CA', () => {
    expect(buildCaMount({ env: {}, npmCafile: () => null }).args).toEqual([]);
  });
});
