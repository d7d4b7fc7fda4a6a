// The DocumentDB build's refusals, before it builds anything: a missing archive folder, a missing
// archive, an archive that is not the pinned one. Each says what to do. (The build itself is run by
// `npm start` / `npm test` the first time a machine needs it.)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(__dirname, 'build.sh');
const PINS = fs
  .readFileSync(path.join(__dirname, 'SHA256SUMS'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => line.split(/\s+/)[1]);
const root = process.getuid?.() === 0;

/**
 * Runs the build; `asNobody` runs it as an unprivileged user (through setpriv when the tests run as
 * root), the script read from stdin, since that user may not reach the checkout.
 */
function build(archives: string, asNobody = false) {
  const env = { ...process.env, DOCUMENTDB_ARCHIVES: archives };
  const res =
    asNobody && root
      ? spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'bash', '-s', '--', '--force'], {
          env,
          cwd: '/',
          input: fs.readFileSync(SCRIPT),
          encoding: 'utf8',
        })
      : spawnSync('bash', [SCRIPT, '--force'], { env, encoding: 'utf8' });
  return { status: res.status, stderr: res.stderr };
}

describe('infra/local/documentdb/build.sh refuses to build', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docdb-archives-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  (root ? it : it.skip)('without the archive folder, naming the variable and the archives', () => {
    const res = build(path.join(dir, 'nowhere'));
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Point DOCUMENTDB_ARCHIVES at the folder that holds');
    for (const name of PINS) expect(res.stderr).toContain(name);
  });

  (root ? it : it.skip)('with an archive missing or not the pinned one', () => {
    const res = build(dir);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`archive ${PINS[0]} is missing from ${dir}`);
    for (const name of PINS) fs.writeFileSync(path.join(dir, name), 'not the archive');
    const altered = build(dir);
    expect(altered.status).toBe(1);
    expect(altered.stderr).toMatch(/does not match its pinned checksum .*Replace it with the pinned archive/);
  });

  it('when not root, saying how to run it', () => {
    const res = build(dir, true);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('sudo npm run db:install');
  });
});
