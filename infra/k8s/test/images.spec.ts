// The Dockerfiles, checked statically (no Docker engine here): one target per deployable, built in
// stages, shipping only production files, running as non-root on the port and with the entry
// point the manifests and docs/architecture.md expect; the build context is .dockerignore'd. When
// nginx is installed, the front ends' nginx configurations are also served and probed for real.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { shellPages } from '../../local/lib/edge-config.mjs';
import { ROOT } from '../../local/lib/paths.mjs';
import { which } from '../../local/lib/which.mjs';
import { loadSecurityPolicy, pageHeaders } from '../../local/lib/security-headers.mjs';
import { parseObjects } from './render.mjs';

type Stage = { name: string; from: string; instructions: { op: string; args: string }[] };

function parseDockerfile(file: string) {
  const text = fs.readFileSync(file, 'utf8').replace(/\\\n/g, ' ');
  const stages: Stage[] = [];
  const globalArgs: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, op, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!op) continue;
    if (op.toUpperCase() === 'FROM') {
      const [, from, name] = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
      stages.push({
        name: name ?? String(stages.length),
        from: from.replace(/\$\{(\w+)\}/g, (_, v) => globalArgs[v] ?? _),
        instructions: [],
      });
    } else if (!stages.length && op.toUpperCase() === 'ARG') {
      const [k, v] = args.split('=');
      globalArgs[k] = v;
    } else stages.at(-1)!.instructions.push({ op: op.toUpperCase(), args });
  }
  const byName = new Map(stages.map((s) => [s.name, s]));
  /** The stage and the stages it is built FROM, nearest first. */
  const chain = (name: string): Stage[] => {
    const s = byName.get(name)!;
    return byName.has(s.from) ? [s, ...chain(s.from)] : [s];
  };
  /** The last value of an instruction along the chain (USER, CMD, ENTRYPOINT...). */
  const last = (name: string, op: string) => {
    for (const s of chain(name)) {
      const found = s.instructions.filter((i) => i.op === op).at(-1);
      if (found) return found.args;
    }
    return undefined;
  };
  return { stages, byName, chain, last, baseImage: (name: string) => chain(name).at(-1)!.from };
}

const staticFile = parseDockerfile(path.join(ROOT, 'infra/docker/static.Dockerfile'));
const nodeFile = parseDockerfile(path.join(ROOT, 'infra/docker/node-service.Dockerfile'));
const frontServerFile = parseDockerfile(path.join(ROOT, 'infra/docker/node-front-server.Dockerfile'));
/** A deployable's Deployment as its base folder writes it; the renderers' is their shared definition's (base/renderer). */
const deployment = (name: string) => {
  const own = path.join(ROOT, `infra/k8s/base/${name}/${name}.yaml`);
  const file = fs.existsSync(own) ? own : path.join(ROOT, 'infra/k8s/base/renderer/renderer.yaml');
  return parseObjects(fs.readFileSync(file, 'utf8')).find((o: { kind: string }) => o.kind === 'Deployment');
};

const STATIC = { shell: 'shell', 'mfe-community': 'mfe-community', 'mfe-review': 'mfe-review', 'mfe-account': 'mfe-account' };
const SERVICES = {
  auth: { entry: 'services/auth/dist/main.js', port: 3001 },
  'rating-api': { entry: 'services/rating/dist/main.js', port: 3002 },
  'rating-worker': { entry: 'services/rating/dist/worker.js', port: 3003 },
};

describe('static images (static.Dockerfile)', () => {
  it.each(Object.keys(STATIC))('%s: a target on nginx-unprivileged, uid 101, port 8080 as in its Deployment', (name) => {
    expect(staticFile.byName.has(name)).toBe(true);
    expect(staticFile.baseImage(name)).toMatch(/^nginxinc\/nginx-unprivileged:/);
    expect(staticFile.last(name, 'USER')).toBe('101:101');
    expect(staticFile.last(name, 'EXPOSE')).toBe('8080');
    expect(JSON.parse(staticFile.last(name, 'ENTRYPOINT')!)).toEqual(['nginx', '-g', 'daemon off;']);
    const d = deployment(name);
    expect(d.spec.template.spec.containers[0].ports[0].containerPort).toBe(8080);
    expect(d.spec.template.spec.securityContext.runAsUser).toBe(101);
    // Only the built files come from the build stages.
    const copies = staticFile.chain(name).flatMap((s) => s.instructions.filter((i) => i.op === 'COPY' && i.args.includes('--from=')));
    expect(copies.length).toBe(1);
    expect(copies[0].args).toMatch(new RegExp(`--from=build-${name} .*/src/${name}/dist `));
  });

  it('puts each remote under /mfe/<name>/ and uses the remote nginx configuration', () => {
    for (const name of ['community', 'review', 'account']) {
      const copy = staticFile
        .chain(`mfe-${name}`)
        .flatMap((s) => s.instructions)
        .find((i) => i.op === 'COPY' && i.args.includes('--from='))!;
      expect(copy.args.endsWith(`/usr/share/nginx/html/mfe/${name}`)).toBe(true);
      expect(
        staticFile
          .chain(`mfe-${name}`)
          .flatMap((s) => s.instructions)
          .some((i) => i.args.includes('nginx/remote.conf')),
      ).toBe(true);
    }
    expect(staticFile.byName.get('shell')!.instructions.some((i) => i.args.includes('nginx/shell.conf'))).toBe(true);
  });

  it.each(Object.keys(STATIC))('%s carries the generated security-headers include its configuration names', (name) => {
    const copy = staticFile
      .chain(name)
      .flatMap((s) => s.instructions)
      .find((i) => i.op === 'COPY' && i.args.includes('nginx/security-headers.conf'));
    expect(copy?.args).toMatch(/ \/etc\/nginx\/security-headers\.conf$/);
    const conf = name === 'shell' ? 'shell' : 'remote';
    expect(fs.readFileSync(path.join(ROOT, `infra/docker/nginx/${conf}.conf`), 'utf8')).toContain(
      'include /etc/nginx/security-headers.conf;',
    );
  });
});

describe('service images (node-service.Dockerfile)', () => {
  it.each(Object.entries(SERVICES))(
    '%s: a Node 24 target, uid 1000, under tini, with the right entry point and port',
    (name, { entry, port }) => {
      expect(nodeFile.byName.has(name)).toBe(true);
      expect(nodeFile.baseImage(name)).toMatch(/^node:24[-.]/);
      expect(nodeFile.last(name, 'USER')).toBe('1000:1000');
      expect(JSON.parse(nodeFile.last(name, 'ENTRYPOINT')!)).toEqual(['/usr/bin/tini', '--', 'node']);
      expect(JSON.parse(nodeFile.last(name, 'CMD')!)).toEqual([entry]);
      expect(nodeFile.last(name, 'EXPOSE')).toBe(String(port));
      const d = deployment(name);
      expect(d.spec.template.spec.containers[0].ports[0].containerPort).toBe(port);
      expect(d.spec.template.spec.securityContext.runAsUser).toBe(1000);
    },
  );

  it.each(Object.keys(SERVICES))('%s ships production dependencies only, never the build stage’s node_modules', (name) => {
    const copies = nodeFile.chain(name).flatMap((s) => s.instructions.filter((i) => i.op === 'COPY'));
    const fromStages = copies.map((c) => /--from=(\S+)/.exec(c.args)![1]);
    for (const stage of fromStages) expect(stage).toMatch(/^(prod-deps|build)-/);
    for (const c of copies.filter((c) => c.args.includes('--from=build-'))) expect(c.args).toMatch(/\/dist /);
    for (const stage of fromStages.filter((s) => s.startsWith('prod-deps-'))) {
      const install = nodeFile.byName.get(stage)!.instructions.find((i) => i.op === 'RUN' && i.args.includes('npm ci'))!;
      expect(install.args).toContain('--omit=dev');
    }
    // Nothing is installed in the runtime stages themselves but tini.
    for (const s of nodeFile.chain(name)) {
      for (const i of s.instructions.filter((i) => i.op === 'RUN')) expect(i.args).not.toMatch(/npm (i|ci|install)\b/);
    }
  });

  it('builds in stages: no image is a single stage', () => {
    expect(staticFile.stages.length).toBeGreaterThan(4);
    expect(nodeFile.stages.length).toBeGreaterThan(4);
    expect(frontServerFile.stages.length).toBeGreaterThan(4);
  });
});

const FRONT_SERVERS = {
  composer: { app: 'shell', entry: 'shell/dist-server/composer.js' },
  'mfe-community-renderer': { app: 'mfe-community', entry: 'mfe-community/dist-server/renderer.js' },
  'mfe-review-renderer': { app: 'mfe-review', entry: 'mfe-review/dist-server/renderer.js' },
  'mfe-account-renderer': { app: 'mfe-account', entry: 'mfe-account/dist-server/renderer.js' },
};

describe('front-end server images (node-front-server.Dockerfile)', () => {
  it.each(Object.entries(FRONT_SERVERS))(
    '%s: a Node 24 target, uid 1000, under tini, port 8080 as in its Deployment, with its server bundle as entry',
    (name, { entry }) => {
      expect(frontServerFile.byName.has(name)).toBe(true);
      expect(frontServerFile.baseImage(name)).toMatch(/^node:24[-.]/);
      expect(frontServerFile.last(name, 'USER')).toBe('1000:1000');
      expect(JSON.parse(frontServerFile.last(name, 'ENTRYPOINT')!)).toEqual(['/usr/bin/tini', '--', 'node']);
      expect(JSON.parse(frontServerFile.last(name, 'CMD')!)).toEqual([entry]);
      expect(frontServerFile.last(name, 'EXPOSE')).toBe('8080');
      const d = deployment(name);
      expect(d.spec.template.spec.containers[0].ports[0].containerPort).toBe(8080);
      expect(d.spec.template.spec.securityContext.runAsUser).toBe(1000);
    },
  );

  it.each(Object.entries(FRONT_SERVERS))('%s ships its server bundle only: no node_modules, no browser files', (name, { app }) => {
    const copies = frontServerFile.chain(name).flatMap((s) => s.instructions.filter((i) => i.op === 'COPY'));
    expect(copies.length).toBe(1);
    expect(copies[0].args).toMatch(new RegExp(`^--from=build-${app} --chown=root:root /src/${app}/dist-server \\./${app}/dist-server$`));
    for (const s of frontServerFile.chain(name)) {
      for (const i of s.instructions.filter((i) => i.op === 'RUN')) expect(i.args).not.toMatch(/npm (i|ci|install)\b/);
    }
  });

  it('builds the apps with the same instructions as the static images (their cached layers are reused)', () => {
    for (const stage of ['manifests', 'deps', 'source', 'build-shell', 'build-mfe-community', 'build-mfe-review', 'build-mfe-account']) {
      expect([stage, frontServerFile.byName.get(stage)!.instructions]).toEqual([stage, staticFile.byName.get(stage)!.instructions]);
    }
    expect(frontServerFile.byName.get('runtime')!.instructions).toEqual(nodeFile.byName.get('runtime')!.instructions);
  });
});

describe('.dockerignore', () => {
  const patterns = fs
    .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  it('keeps local installs, builds, data, git and secrets out of the build context', () => {
    for (const p of ['.git', '**/node_modules', '**/dist', '.data', '**/.env', '**/secrets']) expect(patterns).toContain(p);
  });
  it('keeps what the builds need', () => {
    for (const p of ['tools', 'infra/docker', 'libs', 'services', 'shell', 'package.json', 'package-lock.json']) {
      expect(patterns.filter((x) => x === p || x === `${p}/` || x === `/${p}`)).toEqual([]);
    }
  });
});

// --- nginx, for real (`.ci/run` and `npm test` install nginx-light when it is missing).
const nginx = which('nginx');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('nginx configurations served by a real nginx', () => {
  it('has nginx to serve them', () => {
    expect(nginx ? 'found' : 'nginx is missing: apt-get install -y nginx-light').toBe('found');
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-nginx-'));
  // Run as root, nginx's workers run as `nobody`: they must be able to read the files.
  fs.chmodSync(dir, 0o755);
  const html = path.join(dir, 'html');
  const etc = path.join(dir, 'etc');
  const procs: { stop: () => void }[] = [];
  const urls: Record<string, string> = {};

  const headersInclude = path.join(ROOT, 'infra/docker/nginx/security-headers.conf');
  /** name: 'shell' (the image's shell-pages.conf), 'shell-composer' (with a composer at `composer`), 'remote'. */
  async function start(name: 'shell' | 'remote' | 'shell-composer', composer?: string) {
    const port = await freePort();
    // The shell's client routes as the image has them (the generated file, checked current by
    // security-configs.spec.ts), or with a composer.
    const pages = composer
      ? shellPages({ composer, headersInclude })
      : fs
          .readFileSync(path.join(ROOT, 'infra/docker/nginx/shell-pages.conf'), 'utf8')
          .replaceAll('/etc/nginx/security-headers.conf', headersInclude);
    fs.writeFileSync(path.join(dir, `${name}-pages.conf`), pages);
    const conf = fs
      .readFileSync(path.join(ROOT, `infra/docker/nginx/${name === 'remote' ? 'remote' : 'shell'}.conf`), 'utf8')
      .replaceAll('/usr/share/nginx/html', html)
      .replaceAll('/etc/pupitre', etc)
      .replaceAll('/etc/nginx/security-headers.conf', headersInclude)
      .replaceAll('/etc/nginx/shell-pages.conf', path.join(dir, `${name}-pages.conf`))
      .replace('listen 8080;', `listen 127.0.0.1:${port};`);
    fs.writeFileSync(path.join(dir, `${name}.conf`), conf);
    const tmp = path.join(dir, `tmp-${name}`);
    fs.mkdirSync(tmp, { recursive: true });
    const main = [
      `pid ${dir}/${name}.pid;`,
      `error_log ${dir}/${name}-error.log;`,
      'daemon off;',
      'events {}',
      `http { types { text/html html; application/javascript js; application/json json; text/css css; } default_type application/octet-stream; access_log off;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${tmp};`),
      `include ${dir}/${name}.conf; }`,
    ].join('\n');
    fs.writeFileSync(path.join(dir, `${name}-main.conf`), main);
    const check = spawnSync(nginx!, ['-t', '-q', '-c', path.join(dir, `${name}-main.conf`)], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t failed for ${name}.conf:\n${check.stderr}`);
    const proc = spawn(nginx!, ['-c', path.join(dir, `${name}-main.conf`)], { stdio: 'ignore' });
    procs.push({ stop: () => proc.kill('SIGQUIT') });
    for (let i = 0; i < 100; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    urls[name] = `http://127.0.0.1:${port}`;
  }

  beforeAll(async () => {
    fs.mkdirSync(path.join(html, 'mfe/review'), { recursive: true });
    fs.mkdirSync(etc, { recursive: true });
    fs.writeFileSync(path.join(html, 'index.html'), '<!doctype html><title>shell</title>');
    fs.writeFileSync(path.join(html, 'main.0123abcd.js'), 'console.log(1)');
    fs.writeFileSync(path.join(html, 'mfe/review/mf-manifest.json'), '{"name":"review"}');
    fs.writeFileSync(path.join(html, 'mfe/review/remoteEntry.js'), 'var review;');
    fs.writeFileSync(path.join(html, 'mfe/review/index.html'), '<!doctype html><title>review</title>');
    fs.writeFileSync(path.join(html, 'mfe/review/123.89abcdef.js'), 'chunk');
    fs.writeFileSync(path.join(etc, 'remotes.json'), '{"review":"/mfe/review/mf-manifest.json?v=1"}');
    await start('shell');
    await start('remote');
    await new Promise<void>((r) => composer.listen(0, '127.0.0.1', r));
    await start('shell-composer', `http://127.0.0.1:${(composer.address() as net.AddressInfo).port}`);
  }, 30_000);

  // A composer that renders, fails or is slow depending on the path.
  const composer = http.createServer((req, res) => {
    if (req.url!.startsWith('/failing')) return void (res.writeHead(503), res.end('down'));
    if (req.url!.startsWith('/slow')) return void setTimeout(() => res.end('late'), 3000);
    res.writeHead(200, { 'Content-Type': 'text/html', 'X-Frame-Options': 'SAMEORIGIN', 'Cache-Control': 'public, max-age=60' });
    res.end(`<!doctype html><title>composed ${req.method} ${req.url}</title>`);
  });

  afterAll(() => {
    composer.closeAllConnections();
    composer.close();
    for (const p of procs) p.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (base: string, p: string, init?: RequestInit) => fetch(`${urls[base]}${p}`, init);

  it('shell: /healthz, /readyz, index.html for client routes, a real 404 for missing files', async () => {
    expect((await get('shell', '/healthz')).status).toBe(200);
    expect((await get('shell', '/readyz')).status).toBe(200);
    for (const route of ['/', '/communaute', '/teacher/42', '/me/favorites']) {
      const res = await get('shell', route);
      expect([route, res.status, await res.text()]).toEqual([route, 200, '<!doctype html><title>shell</title>']);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get('shell', '/missing.js')).status).toBe(404);
    expect((await get('shell', '/main.0123abcd.js')).headers.get('cache-control')).toContain('immutable');
  });

  it('shell with a composer: page navigations are the composer’s, with the policy’s headers; files and other methods the shell’s', async () => {
    const expected = pageHeaders(loadSecurityPolicy());
    for (const route of ['/', '/communaute', '/teacher/42']) {
      const res = await get('shell-composer', route);
      expect([route, res.status, await res.text()]).toEqual([route, 200, `<!doctype html><title>composed GET ${route}</title>`]);
      expect(Object.fromEntries(Object.keys(expected).map((h) => [h, res.headers.get(h)]))).toEqual(expected);
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    expect((await get('shell-composer', '/communaute', { method: 'HEAD' })).status).toBe(200);
    expect(await (await get('shell-composer', '/remotes.json')).json()).toEqual({ review: '/mfe/review/mf-manifest.json?v=1' });
    expect((await get('shell-composer', '/main.0123abcd.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('shell-composer', '/missing.js')).status).toBe(404);
  });

  it('shell with a composer: index.html when the composer fails, is slow (2 s) or is down', async () => {
    for (const route of ['/failing', '/slow/page']) {
      const started = Date.now();
      const res = await get('shell-composer', route);
      expect([route, res.status, await res.text()]).toEqual([route, 200, '<!doctype html><title>shell</title>']);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(Date.now() - started).toBeLessThan(2900);
    }
    composer.closeAllConnections();
    await new Promise((r) => composer.close(r));
    const res = await get('shell-composer', '/communaute');
    expect([res.status, await res.text()]).toEqual([200, '<!doctype html><title>shell</title>']);
  });

  it('shell: /remotes.json is the mounted file, never cached, re-read at each request', async () => {
    let res = await get('shell', '/remotes.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.json()).toEqual({ review: '/mfe/review/mf-manifest.json?v=1' });
    fs.writeFileSync(path.join(etc, 'remotes.json'), '{"review":"/mfe/review/mf-manifest.json?v=2"}');
    res = await get('shell', '/remotes.json');
    expect(await res.json()).toEqual({ review: '/mfe/review/mf-manifest.json?v=2' });
  });

  it('shell: not ready while the remotes file is missing', async () => {
    fs.renameSync(path.join(etc, 'remotes.json'), path.join(etc, 'remotes.json.off'));
    try {
      const res = await get('shell', '/readyz');
      expect(res.status).toBe(503);
      expect(res.headers.get('content-security-policy')).toBe(pageHeaders(loadSecurityPolicy())['Content-Security-Policy']);
    } finally {
      fs.renameSync(path.join(etc, 'remotes.json.off'), path.join(etc, 'remotes.json'));
    }
  });

  it('remote: served under /mfe/<name>/ with CORS; entry files never cached, hashed chunks for good', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js', 'index.html', '']) {
      const res = await get('remote', `/mfe/review/${file}`);
      expect([file, res.status]).toEqual([file, 200]);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toMatch(/^no-cache/);
    }
    const chunk = await get('remote', '/mfe/review/123.89abcdef.js');
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect(chunk.headers.get('access-control-allow-origin')).toBe('*');
    expect((await get('remote', '/mfe/review/missing.js')).status).toBe(404);
    expect((await get('remote', '/elsewhere')).status).toBe(404);
    const preflight = await get('remote', '/mfe/review/mf-manifest.json', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect((await get('remote', '/readyz')).status).toBe(200);
  });

  it('both: every answer carries the security headers, whatever its location or status', async () => {
    const expected = pageHeaders(loadSecurityPolicy());
    const answers: [string, string, RequestInit?][] = [
      ['shell', '/'],
      ['shell', '/teacher/42'],
      ['shell', '/main.0123abcd.js'],
      ['shell', '/missing.js'],
      ['shell', '/remotes.json'],
      ['shell', '/config.json'],
      ['shell', '/healthz'],
      ['shell', '/readyz'],
      ['remote', '/mfe/review/index.html'],
      ['remote', '/mfe/review/mf-manifest.json'],
      ['remote', '/mfe/review/123.89abcdef.js'],
      ['remote', '/mfe/review/missing.js'],
      ['remote', '/elsewhere'],
      ['remote', '/healthz'],
      ['remote', '/mfe/review/remoteEntry.js', { method: 'OPTIONS' }],
    ];
    for (const [server, p, init] of answers) {
      const res = await get(server, p, init);
      const got = Object.fromEntries(Object.keys(expected).map((h) => [h, res.headers.get(h)]));
      expect([server, p, res.status, got]).toEqual([server, p, res.status, expected]);
    }
  });
});
