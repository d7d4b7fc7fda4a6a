// Which addresses TCP servers listen on, read from /proc (Linux): the local stack must listen on
// loopback only, and the tests check it (listen-addresses.int.spec.ts, e2e/platform.e2e.ts).
import fs from 'node:fs';

/** IPv4 from /proc/net/tcp's hex (little-endian). */
const ipv4 = (hex) => [3, 2, 1, 0].map((i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');

/** IPv6 from /proc/net/tcp6's hex: four 32-bit words, each little-endian. */
function ipv6(hex) {
  const bytes = [];
  for (let w = 0; w < 4; w++) for (let b = 3; b >= 0; b--) bytes.push(hex.slice(w * 8 + b * 2, w * 8 + b * 2 + 2));
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(Number.parseInt(bytes[i] + bytes[i + 1], 16).toString(16));
  const text = groups.join(':');
  if (text.startsWith('0:0:0:0:0:ffff:')) return `::ffff:${ipv4(hex.slice(24))}`;
  return text === '0:0:0:0:0:0:0:0' ? '::' : text === '0:0:0:0:0:0:0:1' ? '::1' : text;
}

/**
 * Every TCP socket in LISTEN state on this machine: `{ address, port, inode }`. Empty where /proc
 * is not available.
 */
export function listeningSockets() {
  const out = [];
  for (const [file, decode] of [
    ['/proc/net/tcp', ipv4],
    ['/proc/net/tcp6', ipv6],
  ]) {
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] !== '0A') continue; // LISTEN
      const [addr, port] = cols[1].split(':');
      out.push({ address: decode(addr), port: Number.parseInt(port, 16), inode: cols[9] });
    }
  }
  return out;
}

/** The listening sockets of one process (matched through the socket inodes in /proc/<pid>/fd). */
export function listeningSocketsOf(pid) {
  const inodes = new Set();
  let fds;
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return [];
  }
  for (const fd of fds) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (match) inodes.add(match[1]);
    } catch {
      // closed meanwhile
    }
  }
  return listeningSockets().filter((s) => inodes.has(s.inode));
}

/** Loopback: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export const isLoopback = (address) => /^127\./.test(address) || address === '::1' || /^::ffff:127\./.test(address);
