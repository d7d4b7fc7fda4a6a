import net from 'node:net';

/** Asks the kernel for a free TCP port on the loopback interface. */
export async function freePort() {
  return (await freePortList(1))[0];
}

/**
 * Asks for `count` distinct free ports. All are held open until every one is known, so the
 * kernel cannot hand the same port out twice.
 */
export async function freePortList(count) {
  const servers = [];
  try {
    for (let i = 0; i < count; i++) {
      const srv = net.createServer();
      await new Promise((resolve, reject) => {
        srv.once('error', reject);
        srv.listen(0, '127.0.0.1', resolve);
      });
      servers.push(srv);
    }
    return servers.map((srv) => srv.address().port);
  } finally {
    await Promise.all(servers.map((srv) => new Promise((resolve) => srv.close(resolve))));
  }
}

/** Resolves once something accepts TCP connections on host:port, or rejects after timeoutMs. */
export async function waitForPort(port, { host = '127.0.0.1', timeoutMs = 30_000, what = `port ${port}` } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const sock = net.connect({ port, host });
      sock.once('connect', () => {
        sock.destroy();
        resolve(true);
      });
      sock.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} did not open within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resolves once GET url answers with a status below 500, or rejects after timeoutMs. */
export async function waitForHttp(url, { timeoutMs = 30_000, what = url, isAlive = () => true, okStatus } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  for (;;) {
    if (!isAlive()) throw new Error(`${what} exited before answering at ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (okStatus ? res.status === okStatus : res.status < 500) return res;
      last = `status ${res.status}`;
    } catch (err) {
      last = err.cause?.code ?? err.message;
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer at ${url} within ${timeoutMs} ms (${last})`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
