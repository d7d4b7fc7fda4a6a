// A small production-like static server for built front ends: serves `dir` under `base`,
// falls back to index.html for client-side routes (the shell), sends CORS headers (remotes'
// manifests and chunks are fetched cross-origin when a remote is deployed elsewhere), gzips text,
// and lets only content-hashed files be cached for good. `files` maps extra URL paths to files on
// disk read at each request (the shell's /remotes.json), so they can change while it runs.
// Like the nginx images, it sends the policy's security headers with no remote origin allowed (the
// edge in front replaces them with the deployment's, which allow the remotes file's origins).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { loadSecurityPolicy, pageHeaders } from './security-headers.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json)|image\/svg)/;
const HASHED = /[.-][0-9a-f]{8,}\.(js|css|woff2|png|jpg|svg|webp|webm|mp4)$/;

function cacheControl(file) {
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export function createStaticServer({ dir, base = '/', spa = false, files = {}, name = 'static' }) {
  const root = path.resolve(dir);
  const prefix = base.endsWith('/') ? base : `${base}/`;
  const gzCache = new Map();
  const ownHeaders = pageHeaders(loadSecurityPolicy());

  function resolveFile(urlPath) {
    if (files[urlPath]) return files[urlPath];
    let rel = urlPath;
    if (rel.startsWith(prefix)) rel = rel.slice(prefix.length);
    else if (rel === prefix.slice(0, -1)) rel = '';
    else if (prefix !== '/') return null;
    else rel = rel.slice(1);
    const full = path.resolve(root, rel || 'index.html');
    if (full !== root && !full.startsWith(root + path.sep)) return null;
    return full;
  }

  function send(req, res, file, status = 200) {
    let body;
    try {
      body = fs.readFileSync(file);
    } catch {
      return false;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', cacheControl(file));
    res.setHeader('Vary', 'Accept-Encoding');
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '') && body.length > 512) {
      const key = `${file}:${body.length}:${fs.statSync(file).mtimeMs}`;
      let gz = gzCache.get(key);
      if (!gz) {
        gz = zlib.gzipSync(body, { level: 9 });
        gzCache.set(key, gz);
      }
      res.setHeader('Content-Encoding', 'gzip');
      body = gz;
    }
    res.writeHead(status, { 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }

  const server = http.createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [header, value] of Object.entries(ownHeaders)) res.setHeader(header, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' });
      return res.end();
    }
    let urlPath;
    try {
      urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400);
      return res.end();
    }
    if (urlPath === '/healthz') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      return res.end('ok');
    }
    const file = resolveFile(urlPath);
    if (file && fs.existsSync(file) && fs.statSync(file).isFile() && send(req, res, file)) return;
    // Client-side routes of the single-page app get index.html; missing assets get a real 404.
    if (spa && !path.extname(urlPath) && send(req, res, path.join(root, 'index.html'))) return;
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(`${name}: not found`);
  });
  // Idle connections outlive the edge's (30 s), as the services' do (server-kit keep-alive.ts).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** Starts a static server; resolves to { server, url, stop }. */
export async function serveStatic({ port, host = '127.0.0.1', ...opts }) {
  const server = createStaticServer(opts);
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const url = `http://${host}:${server.address().port}`;
  return { server, url, stop: () => closeServer(server) };
}

export function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}
