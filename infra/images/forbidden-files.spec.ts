import { buildTools, forbiddenFiles, pemBodies } from './forbidden-files.mjs';

describe('forbidden files in a final image', () => {
  it('finds npm configuration, credentials, keys and the build CA', () => {
    const secrets = [
      '/root/.npmrc',
      '/app/.npmrc',
      '/root/.npm/_cacache/index-v5/00/aa',
      '/home/node/.npm/_logs/debug.log',
      '/root/.docker/config.json',
      '/run/containers/0/auth.json',
      '/root/.git-credentials',
      '/home/node/.ssh/id_ed25519',
      '/usr/local/share/ca-certificates/sandboxing-egress-ca.crt',
      '/run/pupitre-build-ca.crt',
      '/mnt/build-ca.crt',
      '/etc/apt/auth.conf.d/corp.conf',
      '/app/.env',
      '/app/services/auth/.env.production',
      '/app/server.key',
      '/etc/nginx/tls/site.pem',
      '/src/.git/config',
    ];
    expect(forbiddenFiles(secrets).map((f) => f.path)).toEqual(secrets);
  });

  it('says why', () => {
    expect(forbiddenFiles(['/root/.npmrc'])[0].why).toMatch(/npm configuration/);
    expect(forbiddenFiles(['/usr/local/share/ca-certificates/x.crt'])[0].why).toMatch(/certificate authority/);
  });

  it('leaves the ordinary files of an image alone', () => {
    expect(
      forbiddenFiles([
        '/etc/ssl/certs/ca-certificates.crt',
        '/usr/share/ca-certificates/mozilla/ISRG_Root_X1.crt',
        '/app/node_modules/some-lib/test/fixtures/key.pem',
        '/app/.env.example',
        '/usr/local/lib/node_modules/npm/lib/commands/config.js',
        '/app/services/auth/dist/main.js',
        '/usr/share/nginx/html/index.html',
        '/etc/nginx/security-headers.conf',
      ]),
    ).toEqual([]);
  });
});

describe('build tools in a final image', () => {
  it('finds build packages in node_modules and compilers or git on the PATH', () => {
    expect(
      buildTools([
        '/app/node_modules/typescript/package.json',
        '/app/node_modules/@rspack/core/package.json',
        '/app/node_modules/@swc/core/package.json',
        '/app/node_modules/nx/package.json',
        '/usr/bin/gcc',
        '/usr/bin/git',
        '/usr/bin/make',
      ]).map((t) => t.split(' ')[0]),
    ).toEqual(['typescript', '@rspack/core', '@swc/core', 'nx', 'gcc', 'git', 'make']);
  });
  it('leaves production packages and ordinary binaries alone', () => {
    expect(
      buildTools([
        '/app/node_modules/mongoose/package.json',
        '/app/node_modules/@nestjs/core/package.json',
        '/app/node_modules/typescript-estree-fake/lib/x.js',
        '/usr/local/bin/node',
        '/usr/bin/tini',
        '/usr/sbin/nginx',
      ]),
    ).toEqual([]);
  });
});

describe('PEM bodies', () => {
  it('extracts each certificate, whitespace removed', () => {
    const text =
      'x\n-----BEGIN CERTIFICATE-----\nAAA\nBBB\n-----END CERTIFICATE-----\n-----BEGIN CERTIFICATE-----\nCCC\n-----END CERTIFICATE-----\n';
    expect(pemBodies(text)).toEqual(['AAABBB', 'CCC']);
  });
});
