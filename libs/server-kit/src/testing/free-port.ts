import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';

/** A TCP port nothing listens on right now (for "dependency down" tests and child processes). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The lowest port the kernel hands out to `listen(0)` and outgoing connections (Linux: 32768 by default). */
export function ephemeralPortsStart(rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): number {
  try {
    const low = Number(fs.readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 1024 ? low : 32768;
  } catch {
    return 32768;
  }
}

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A free port below the kernel's ephemeral range, for a server a test stops for minutes and starts again on the same port:
 * no `listen(0)` of another test and no outgoing connection is given it meanwhile, as one of freePort's ports can be on a
 * busy machine (`npm test` runs the 10-minute Redis outage beside the other integration files and the e2e stacks).
 */
export async function freePortToKeep(): Promise<number> {
  const high = Math.min(ephemeralPortsStart(), 32768);
  const low = Math.max(1025, high - 12_000);
  if (high - low < 1_000) return freePort(); // an unusual range: no room below it
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = randomInt(low, high);
    if (await canListen(port)) return port;
  }
  return freePort();
}
