// The edge's nginx configuration, generated from the one routing table (infra/routes.json) and the
// one security-header policy (infra/security-headers.json, ADR 0008): what Debian's nginx applies in
// front of the local stack (`npm start`, the end-to-end tests, the web bench: edge.mjs), and the
// same locations, headers and composer fallback as in production (docs/infra/network.md, "The edge").
//
//   - one location per route: an `exact` route is `location = P`; a prefix P is `location = P` plus
//     `location ^~ P/` (whole path segments, as the Ingress' pathType Prefix: /authx is not /auth);
//     nginx picks the longest; `proxy_pass` without a URI never rewrites the path;
//   - every answer, errors included, carries the policy's headers (`add_header … always`), replacing
//     an upstream's own (`proxy_hide_header`); the services' answers are never stored;
//   - X-Forwarded-For is the peer address, never one a client wrote (Forwarded, X-Real-IP... dropped);
//   - a request nginx refuses itself (a NUL in the path, a malformed request line) gets 400
//     `{"error":"bad-request"}`; an upstream that does not answer gives 502 `{"error":"bad-gateway"}`, a body over the
//     services' limit 413 `{"error":"payload-too-large"}` (their contract's error body);
//   - with a `composer` target, a page navigation routed to the shell (GET or HEAD of a path whose
//     last segment has no dot) goes to the composer first (connect 250 ms, read 2 s) and falls back
//     to the shell unchanged when the composer is down, errs or is slow.
import { isServiceTarget, pageHeaders, serviceHeaders } from './security-headers.mjs';

/** The services' request body limit (services/*\/src/app/app-options.ts `bodyLimit`, 32 kB). */
export const BODY_LIMIT = '32k';
/** How long the edge keeps an idle upstream connection: well under the services' own (65 s, libs/server-kit keep-alive.ts). */
export const UPSTREAM_IDLE_MS = 30_000;
/** The composer's limits: past them the shell's index.html is served instead. */
export const COMPOSER_TIMEOUTS = { connect: '250ms', read: '2s' };
/** The target that renders page navigations on the server, when present (another engineer's composer). */
export const COMPOSER = 'composer';
/** The edge's own health path (answered by nginx itself). */
export const HEALTH_PATH = '/edge/healthz';

const GZIP_TYPES = 'text/css application/javascript text/javascript application/json image/svg+xml application/manifest+json text/plain';
// Client-address headers a client could forge: the edge is the first proxy, so X-Forwarded-For is
// the peer it sees and these are dropped (the services trust one hop: TRUST_PROXY=1).
const CLIENT_ADDRESS_HEADERS = ['Forwarded', 'X-Real-IP', 'X-Client-IP', 'True-Client-IP'];

const upstreamName = (target) => `pupitre_${target.replace(/[^A-Za-z0-9]/g, '_')}`;
const quote = (s) => `"${s}"`;

/** host:port of an http://host:port target. */
function serverOf(name, url) {
  const u = new URL(url);
  if (u.protocol !== 'http:' || (u.pathname !== '/' && u.pathname !== '') || u.search)
    throw new Error(`edge target ${name}: not an http://host:port URL: ${url}`);
  return `${u.hostname}:${u.port || 80}`;
}

/**
 * The nginx locations of a routing table, in the order written: [{ match: '=' | '^~' | '', path, target }].
 * An exact route wins over a prefix's `= P` of the same path (Ingress: Exact wins over Prefix).
 * @param {{ prefix: string, target: string, exact?: boolean }[]} routes
 */
export function edgeLocations(routes) {
  const locations = [];
  const exact = new Set();
  for (const r of routes.filter((r) => r.exact)) {
    exact.add(r.prefix);
    locations.push({ match: '=', path: r.prefix, target: r.target });
  }
  for (const r of routes.filter((r) => !r.exact)) {
    const p = r.prefix.replace(/\/+$/, '');
    if (p === '') {
      locations.push({ match: '', path: '/', target: r.target });
      continue;
    }
    if (!exact.has(p)) locations.push({ match: '=', path: p, target: r.target });
    locations.push({ match: '^~', path: `${p}/`, target: r.target });
  }
  return locations;
}

/**
 * The nginx configuration of the edge, for the `http` context (a map, the upstreams and one server).
 * @param {object} options
 * @param {{ prefix: string, target: string, exact?: boolean }[]} options.routes   loadRoutes()
 * @param {Record<string, string>} options.targets   route target → http://host:port (`composer` optional)
 * @param {import('./security-headers.mjs').SecurityPolicy} options.policy
 * @param {Record<string, string>} [options.remotes]  the remotes file, whose origins the pages' CSP allows
 * @param {string} [options.listen]                  nginx `listen` value
 * @param {string} [options.bodyLimit]
 * @param {number} [options.generation]              sent by the health answer (edge.mjs waits for a reload with it)
 */
export function edgeConfig({ routes, targets, policy, remotes = {}, listen = '8080', bodyLimit = BODY_LIMIT, generation }) {
  const pages = pageHeaders(policy, remotes);
  const services = serviceHeaders(policy);
  const headersOf = (target) => (isServiceTarget(policy, target) ? services : pages);
  const composer = targets[COMPOSER];
  const used = [...new Set([...routes.map((r) => r.target), ...(composer ? [COMPOSER] : [])])].filter((t) => targets[t]);

  /** The headers of a target's answers, an upstream's own hidden. */
  const headerLines = (target, extra = {}) => [
    ...Object.keys(headersOf(target)).map((h) => `proxy_hide_header ${h};`),
    ...Object.entries({ ...headersOf(target), ...extra }).map(([h, v]) => `add_header ${h} ${quote(v)} always;`),
  ];
  const proxyTo = (target) => [
    ...headerLines(target),
    `proxy_pass http://${upstreamName(target)};`,
    `error_page 502 504 @unavailable_${upstreamName(target)};`,
    `error_page 413 @too_large_${upstreamName(target)};`,
  ];
  const block = (head, lines) => [`    ${head} {`, ...lines.map((l) => `        ${l}`), '    }'];

  const out = ['# Generated by infra/local/lib/edge-config.mjs from infra/routes.json and infra/security-headers.json: do not edit.'];
  if (composer)
    out.push(
      '',
      '# A page navigation: GET or HEAD of a path whose last segment has no dot (not /main.js, /remotes.json, /sw.js).',
      'map "$request_method:$uri" $pupitre_page_navigation {',
      '    default 0;',
      '    "~^(GET|HEAD):(.*/)?[^/.]*$" 1;',
      '}',
    );
  for (const t of used)
    out.push(
      '',
      `upstream ${upstreamName(t)} {`,
      `    server ${serverOf(t, targets[t])};`,
      '    keepalive 32;',
      `    keepalive_timeout ${UPSTREAM_IDLE_MS / 1000}s;`,
      '}',
    );

  const server = [
    `    listen ${listen};`,
    '    server_name _;',
    '    server_tokens off;',
    '    absolute_redirect off;',
    // No access log: a line would pair a client's address with a path (/review/<id>/edit is an
    // author's) and the exact time (docs/threat-model.md), as the Ingress (enable-access-log false).
    '    access_log off;',
    `    client_max_body_size ${bodyLimit};`,
    // Nothing goes to disk: a body fits its buffer, an answer streams through the proxy buffers
    // (no temporary file to write, whoever the workers run as, and no request kept on disk).
    `    client_body_buffer_size ${bodyLimit};`,
    '    proxy_max_temp_file_size 0;',
    // A request line and headers as long as the services take (Node's 16 kB), so that they, not
    // the edge, judge a long query or token (the contract's answers).
    '    large_client_header_buffers 4 16k;',
    // A request nginx refuses itself (a NUL in the path, a malformed request line): the services'
    // error body, the pages' headers, never stored.
    // (A path, not a named location: nginx cannot hand an unparsed request to a named one.)
    '    error_page 400 494 /edge/bad-request;',
    '    error_page 414 /edge/uri-too-long;',
    '    gzip on;',
    '    gzip_proxied any;',
    '    gzip_vary on;',
    '    gzip_min_length 256;',
    // Level 5, not nginx's default 1: a composed page's HTML (up to ~160 KB raw) then fits the
    // first TCP window (~14 KB) on a phone's slow link; the CPU cost per page is well under 1 ms.
    '    gzip_comp_level 5;',
    `    gzip_types ${GZIP_TYPES};`,
    '    proxy_http_version 1.1;',
    '    proxy_set_header Connection "";',
    '    proxy_set_header Host $http_host;',
    '    proxy_set_header X-Forwarded-For $remote_addr;',
    '    proxy_set_header X-Forwarded-Proto $scheme;',
    '    proxy_set_header X-Forwarded-Host $http_host;',
    ...CLIENT_ADDRESS_HEADERS.map((h) => `    proxy_set_header ${h} "";`),
    '    proxy_read_timeout 60s;',
    // The edge's own answers (a malformed request's 400, the health check) carry the pages' headers.
    ...Object.entries(pages).map(([h, v]) => `    add_header ${h} ${quote(v)} always;`),
    '',
    ...block(`location = ${HEALTH_PATH}`, [
      'default_type text/plain;',
      ...Object.entries({
        ...pages,
        'Cache-Control': 'no-store',
        ...(generation === undefined ? {} : { 'X-Edge-Generation': String(generation) }),
      }).map(([h, v]) => `add_header ${h} ${quote(v)} always;`),
      'return 200 "ok\\n";',
    ]),
  ];

  const edgeError = (name, status) =>
    block(`location = ${name}`, [
      'internal;',
      'default_type application/json;',
      ...Object.entries({ ...pages, 'Cache-Control': 'no-store' }).map(([h, v]) => `add_header ${h} ${quote(v)} always;`),
      `return ${status} '{"error":"bad-request"}';`,
    ]);
  server.push('', ...edgeError('/edge/bad-request', 400), '', ...edgeError('/edge/uri-too-long', 414));

  for (const loc of edgeLocations(routes)) {
    const head = `location ${loc.match ? `${loc.match} ` : ''}${loc.path}`;
    let lines;
    if (!targets[loc.target])
      lines = [
        'default_type application/json;',
        ...headerLines(loc.target, { 'Cache-Control': 'no-store' }),
        `return 404 '{"error":"not-found"}';`,
      ];
    else if (composer && loc.target === 'shell')
      // 418 never leaves: it only sends navigations to the composer.
      lines = [
        'recursive_error_pages on;',
        'error_page 418 = @composer;',
        'if ($pupitre_page_navigation) {',
        '    return 418;',
        '}',
        ...proxyTo('shell'),
      ];
    else lines = proxyTo(loc.target);
    server.push('', ...block(head, lines));
  }

  if (composer && targets.shell)
    server.push(
      '',
      '    # The composer renders the page; down, failing or slow, the shell answers as without it.',
      ...block('location @composer', [
        ...headerLines('shell'),
        `proxy_connect_timeout ${COMPOSER_TIMEOUTS.connect};`,
        `proxy_send_timeout ${COMPOSER_TIMEOUTS.read};`,
        `proxy_read_timeout ${COMPOSER_TIMEOUTS.read};`,
        'proxy_intercept_errors on;',
        'recursive_error_pages on;',
        'error_page 500 501 502 503 504 505 = @shell;',
        `proxy_pass http://${upstreamName(COMPOSER)};`,
      ]),
      '',
      ...block('location @shell', ['recursive_error_pages on;', ...proxyTo('shell')]),
    );

  for (const t of used.filter((t) => t !== COMPOSER)) {
    const headers = { ...headersOf(t), 'Cache-Control': 'no-store' };
    server.push(
      '',
      ...block(`location @unavailable_${upstreamName(t)}`, [
        'default_type application/json;',
        ...Object.entries(headers).map(([h, v]) => `add_header ${h} ${quote(v)} always;`),
        `return 502 '{"error":"bad-gateway","detail":"${t} is unavailable"}';`,
      ]),
      '',
      // A body over the limit: the services' own answer (their contract's error body).
      ...block(`location @too_large_${upstreamName(t)}`, [
        'default_type application/json;',
        ...Object.entries(headers).map(([h, v]) => `add_header ${h} ${quote(v)} always;`),
        `return 413 '{"error":"payload-too-large"}';`,
      ]),
    );
  }
  out.push('', 'server {', ...server, '}', '');
  return out.join('\n');
}

/** The composer's Service in Kubernetes (its Deployment and Service come with the composer). */
export const CLUSTER_COMPOSER = 'http://composer:8080';

/**
 * The shell image's client-route locations (infra/docker/nginx/shell-pages.conf, included by
 * shell.conf in its server): what production does for the composer, which an Ingress cannot
 * express (docs/infra/network.md, "The edge"). Without a composer, every client route is the app's
 * index.html; with one, a page navigation (GET or HEAD; files have shell.conf's own locations, and
 * a last segment with a dot is no page) goes to the composer first, with the edge's timeouts, and
 * `index.html` answers when it is down, errs or is slow.
 * @param {{ composer?: string, headersInclude?: string }} [options]
 */
export function shellPages({ composer, headersInclude = '/etc/nginx/security-headers.conf' } = {}) {
  const headers = ['add_header Cache-Control "no-cache" always;', `include ${headersInclude};`];
  const block = (head, lines) => [`${head} {`, ...lines.map((l) => `    ${l}`), '}'];
  const out = [
    '# Generated by `node infra/local/lib/security-configs.mjs --write` (infra/local/lib/edge-config.mjs shellPages): do not edit.',
    `# Client-side routes (/communaute, /teacher/42, ...): the app's index.html${composer ? ", or first the composer's server-rendered page" : ''}.`,
  ];
  if (!composer) return [...out, ...block('location /', ['try_files $uri /index.html;', ...headers]), ''].join('\n');
  serverOf(COMPOSER, composer);
  return [
    ...out,
    ...block('location /', [
      ...headers,
      // A navigation: GET or HEAD, and no dot in the last segment. The `if` only returns (an `if`
      // that sets would drop try_files for the request).
      'set $pupitre_request "$request_method:$uri";',
      'recursive_error_pages on;',
      // 418 never leaves: it only sends navigations to the composer.
      'error_page 418 = @composer;',
      'if ($pupitre_request ~ "^(GET|HEAD):(.*/)?[^/.]*$") {',
      '    return 418;',
      '}',
      'try_files $uri /index.html;',
    ]),
    '',
    '# The composer renders the page; down, failing or slow, index.html answers as without it.',
    ...block('location @composer', [
      ...headers,
      'proxy_hide_header Cache-Control;',
      'proxy_hide_header Content-Security-Policy;',
      'proxy_hide_header X-Frame-Options;',
      'proxy_hide_header X-Content-Type-Options;',
      'proxy_hide_header Referrer-Policy;',
      'proxy_http_version 1.1;',
      'proxy_set_header Connection "";',
      'proxy_set_header Host $http_host;',
      `proxy_connect_timeout ${COMPOSER_TIMEOUTS.connect};`,
      `proxy_send_timeout ${COMPOSER_TIMEOUTS.read};`,
      `proxy_read_timeout ${COMPOSER_TIMEOUTS.read};`,
      'proxy_intercept_errors on;',
      'recursive_error_pages on;',
      'error_page 500 501 502 503 504 505 = @index;',
      `proxy_pass ${new URL(composer).origin};`,
    ]),
    '',
    ...block('location @index', ['try_files /index.html =404;', ...headers]),
    '',
  ].join('\n');
}

/**
 * The `location` blocks of a generated configuration (not the named ones): [{ match, path, body }].
 * @param {string} config
 * @returns {{ match: string, path: string, body: string }[]}
 */
export function locationsOf(config) {
  return [...config.matchAll(/^ {4}location (?:(=|\^~) )?(\/\S*) \{\n([\s\S]*?)\n {4}\}$/gm)].map((m) => ({
    match: m[1] ?? '',
    path: m[2],
    body: m[3],
  }));
}

/**
 * nginx's choice of location for a path among locationsOf(): `=` equal to it, else the longest
 * prefix (the edge has no regex location).
 * @param {{ match: string, path: string, body: string }[]} locations
 * @param {string} uri
 */
export function nginxMatch(locations, uri) {
  const exact = locations.find((l) => l.match === '=' && l.path === uri);
  if (exact) return exact;
  return locations.filter((l) => l.match !== '=' && uri.startsWith(l.path)).sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * The main nginx.conf of a local edge: foreground, no root needed (pid, temporary files and the
 * error log under the edge's own folders), workers as `nobody` only when started as root.
 * @param {{ dir: string, errorLog: string, include: string, root?: boolean }} options
 */
export function edgeMainConfig({ dir, errorLog, include, root = process.getuid?.() === 0 }) {
  return [
    '# Generated by infra/local/lib/edge.mjs: do not edit.',
    ...(root ? ['user nobody nogroup;'] : []),
    'daemon off;',
    'worker_processes 1;',
    // Old workers of a reload give up kept-alive connections within a second.
    'worker_shutdown_timeout 2s;',
    `pid ${dir}/nginx.pid;`,
    // crit: nginx's "upstream unavailable" errors name the client and the path (docs/threat-model.md).
    `error_log ${errorLog} crit;`,
    'events {',
    '    worker_connections 1024;',
    '}',
    'http {',
    '    default_type application/octet-stream;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${dir}/tmp/${t};`),
    `    include ${include};`,
    '}',
    '',
  ].join('\n');
}
