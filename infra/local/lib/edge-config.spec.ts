// The edge's generated nginx configuration: its locations are infra/routes.json (and route the sample
// paths as matchRoute and the Ingress do), every location sets the policy's headers and hides the
// upstream's, and the composer's navigations fall back to the shell. Served for real by nginx:
// edge.int.spec.ts.
import { CLUSTER_COMPOSER, edgeConfig, edgeLocations, edgeMainConfig, locationsOf, nginxMatch, shellPages } from './edge-config.mjs';
import { loadRoutes, matchRoute } from './routes.mjs';
import { loadSecurityPolicy, pageHeaders, serviceHeaders } from './security-headers.mjs';

const routes = loadRoutes();
const policy = loadSecurityPolicy();
const targets = Object.fromEntries(
  ['shell', 'auth', 'rating', 'mfe-community', 'mfe-review', 'mfe-account'].map((t, i) => [t, `http://127.0.0.1:${4000 + i}`]),
);
const remotes = { community: '/mfe/community/mf-manifest.json', review: 'https://cdn.example.org/review/mf-manifest.json' };

const targetOf = (l: { body: string } | undefined) => l?.body.match(/proxy_pass http:\/\/pupitre_(\S+);/)?.[1]?.replace(/_/g, '-');

const SAMPLE_PATHS = [
  '/',
  '/communaute',
  '/teacher/42',
  '/remotes.json',
  '/apiary',
  '/authx',
  '/auth',
  '/auth/',
  '/auth/login',
  '/auth/google/callback',
  '/auth/token/',
  '/auth/meX',
  '/auth/manage/users/me/',
  '/auth/me',
  '/auth/me/',
  '/auth/me/favorites',
  '/api',
  '/api/teachers/ranking',
  '/mfe/community/mf-manifest.json',
  '/mfe/review/remoteEntry.js',
  '/mfe/account/x.js',
  '/mfe/reviewer',
  '/mfe',
];

describe('edge configuration', () => {
  const config = edgeConfig({ routes, targets, policy, remotes, listen: '127.0.0.1:8080' });
  const locations = locationsOf(config).filter((l) => !l.path.startsWith('/edge/'));

  it('has one location per exact route, and `= P` plus `^~ P/` per prefix (whole segments): together infra/routes.json', () => {
    const expected = routes.flatMap((r: { prefix: string; target: string; exact?: boolean }) =>
      r.exact
        ? [`= ${r.prefix} ${r.target}`]
        : r.prefix === '/'
          ? [`/ ${r.target}`]
          : [
              ...(routes.some((x: { prefix: string; exact?: boolean }) => x.exact && x.prefix === r.prefix)
                ? []
                : [`= ${r.prefix} ${r.target}`]),
              `^~ ${r.prefix}/ ${r.target}`,
            ],
    );
    const actual = locations.map((l) => `${l.match ? `${l.match} ` : ''}${l.path} ${targetOf(l)}`);
    expect(actual.sort()).toEqual(expected.sort());
    expect(edgeLocations(routes)).toHaveLength(locations.length);
  });

  it.each(SAMPLE_PATHS)('sends %s where matchRoute sends it', (p) => {
    expect(targetOf(nginxMatch(locations, p))).toBe(matchRoute(routes, p)!.target);
  });

  it('never rewrites a path: proxy_pass names an upstream and no URI, and nothing rewrites', () => {
    expect([...config.matchAll(/proxy_pass (\S+);/g)].map((m) => m[1]).filter((u) => !/^http:\/\/pupitre_[a-z_]+$/.test(u))).toEqual([]);
    expect(config).not.toMatch(/\brewrite\b|\balias\b/);
  });

  it('sets the pages’ headers (the remotes’ origins allowed) or the services’ on every location, always, hiding the upstream’s', () => {
    for (const l of locations) {
      const expected = ['auth', 'rating'].includes(targetOf(l)!) ? serviceHeaders(policy) : pageHeaders(policy, remotes);
      for (const [name, value] of Object.entries(expected)) {
        expect([l.path, l.body]).toEqual([l.path, expect.stringContaining(`add_header ${name} "${value}" always;`)]);
        expect([l.path, l.body]).toEqual([l.path, expect.stringContaining(`proxy_hide_header ${name};`)]);
      }
    }
    expect(config).toContain("script-src 'self' https://cdn.example.org;");
  });

  it('sets X-Forwarded-For to the peer and drops the client-address headers a client could write', () => {
    expect(config).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    for (const h of ['Forwarded', 'X-Real-IP', 'X-Client-IP', 'True-Client-IP']) expect(config).toContain(`proxy_set_header ${h} "";`);
    // Locations never set headers of their own (nginx would drop the server's).
    for (const l of locations) expect(l.body).not.toContain('proxy_set_header');
  });

  it('keeps upstream connections alive, gzips text, limits bodies as the services do, keeps no access log', () => {
    expect(config.match(/keepalive 32;/g)).toHaveLength(6);
    expect(config).toMatch(/gzip on;[\s\S]*gzip_types text\/css application\/javascript/);
    expect(config).toContain('client_max_body_size 32k;');
    expect(config).toContain('client_body_buffer_size 32k;');
    expect(config).toContain('proxy_max_temp_file_size 0;');
    expect(config).toContain('access_log off;');
  });

  it('answers 502 {"error":"bad-gateway"} with the target’s headers when an upstream does not answer', () => {
    expect(config).toContain(`location @unavailable_pupitre_rating {`);
    expect(config).toContain(`return 502 '{"error":"bad-gateway","detail":"rating is unavailable"}';`);
    for (const l of locations)
      expect(l.body).toMatch(/error_page 502 504 @unavailable_pupitre_\w+;\s+error_page 413 @too_large_pupitre_\w+;/);
    expect(config).toContain(`return 413 '{"error":"payload-too-large"}';`);
  });

  it('without a composer target routes exactly as without it: no map, no composer location', () => {
    expect(config).not.toMatch(/composer|pupitre_page_navigation|418/);
  });

  it('answers the services’ error body for what nginx refuses itself, and takes request lines and headers as long as Node does', () => {
    expect(config).toContain('error_page 400 494 /edge/bad-request;');
    expect(config).toMatch(/location = \/edge\/bad-request \{\n\s+internal;[\s\S]*?return 400 '\{"error":"bad-request"\}';/);
    expect(config).toContain('large_client_header_buffers 4 16k;');
  });

  it('answers 404 not-found for a route whose target is not given', () => {
    const partial = edgeConfig({ routes, targets: { auth: targets.auth }, policy });
    expect(partial).toContain(`return 404 '{"error":"not-found"}';`);
    expect(partial).not.toContain('upstream pupitre_shell');
  });

  describe('with a composer', () => {
    const withComposer = edgeConfig({ routes, targets: { ...targets, composer: 'http://127.0.0.1:4300' }, policy, remotes });
    const shellLocations = locationsOf(withComposer).filter((l) => targetOf(l) === 'shell');

    it('sends the shell’s page navigations (GET or HEAD, no dot in the last segment) to the composer first', () => {
      expect(withComposer).toContain('"~^(GET|HEAD):(.*/)?[^/.]*$" 1;');
      expect(shellLocations.map((l) => l.path).sort()).toEqual(['/', '/auth']);
      for (const l of shellLocations) expect(l.body).toMatch(/error_page 418 = @composer;[\s\S]*if \(\$pupitre_page_navigation\)/);
      for (const l of locationsOf(withComposer).filter((l) => targetOf(l) !== 'shell')) expect(l.body).not.toContain('composer');
      const navigation = /^(GET|HEAD):(.*\/)?[^/.]*$/;
      expect(['GET:/', 'GET:/communaute', 'HEAD:/teacher/42', 'GET:/auth'].filter((s) => !navigation.test(s))).toEqual([]);
      expect(['GET:/main.js', 'GET:/remotes.json', 'GET:/sw.js', 'POST:/communaute'].filter((s) => navigation.test(s))).toEqual([]);
    });

    it('gives the composer 250 ms to connect and 2 s to answer, then falls back to the shell on its errors', () => {
      const composer = withComposer.match(/location @composer \{([\s\S]*?)\n {4}\}/)![1];
      expect(composer).toContain('proxy_connect_timeout 250ms;');
      expect(composer).toContain('proxy_read_timeout 2s;');
      expect(composer).toContain('proxy_intercept_errors on;');
      expect(composer).toContain('error_page 500 501 502 503 504 505 = @shell;');
      expect(withComposer).toMatch(/location @shell \{[\s\S]*?proxy_pass http:\/\/pupitre_shell;/);
    });
  });

  it('the main configuration runs in the foreground, as nobody only when root, its files under its folder', () => {
    const main = edgeMainConfig({ dir: '/d', errorLog: '/logs/edge.log', include: '/d/edge.conf', root: false });
    expect(main).toContain('daemon off;');
    expect(main).toContain('pid /d/nginx.pid;');
    expect(main).toContain('proxy_temp_path /d/tmp/proxy;');
    expect(main).not.toContain('user ');
    expect(edgeMainConfig({ dir: '/d', errorLog: '/e', include: '/i', root: true })).toContain('user nobody nogroup;');
  });

  describe('the shell image’s pages (production’s composer fallback, which an Ingress cannot express)', () => {
    it('without a composer: index.html for every client route, as shell.conf always did', () => {
      expect(shellPages()).toContain('location / {\n    try_files $uri /index.html;');
      expect(shellPages()).not.toContain('composer:');
    });

    it('with one: navigations to its Service with the edge’s timeouts and fallback, index.html when it fails', () => {
      const text = shellPages({ composer: CLUSTER_COMPOSER });
      expect(text).toContain('if ($pupitre_request ~ "^(GET|HEAD):(.*/)?[^/.]*$") {\n        return 418;');
      expect(text).toContain('proxy_pass http://composer:8080;');
      expect(text).toContain('proxy_connect_timeout 250ms;');
      expect(text).toContain('proxy_read_timeout 2s;');
      expect(text).toContain('error_page 500 501 502 503 504 505 = @index;');
      expect(text).toMatch(/location @index \{\n {4}try_files \/index\.html =404;/);
      // Every location sends the policy's headers (the include), the composer's own hidden.
      expect(text.match(/include \/etc\/nginx\/security-headers\.conf;/g)).toHaveLength(3);
      expect(text).toContain('proxy_hide_header Content-Security-Policy;');
    });
  });
});
