import { type Server } from 'node:http';

/**
 * How long a service keeps an idle client connection open. Every proxy in front of it keeps its
 * idle connections to it for less: the Ingress's nginx 60 s (`upstream-keepalive-timeout`), the
 * local edge's nginx 30 s (infra/local/lib/edge-config.mjs). The side that closes an idle connection must be
 * the proxy: when the service closes one first, a request the proxy sends down it at that moment
 * is lost (ECONNRESET: a 502 for a POST, which no proxy may send again). Node's default is 5 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies KEEP_ALIVE_TIMEOUT_MS to a service's HTTP server (its request headers may take a second more). */
export function keepConnectionsLongerThanProxies(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
