// Redis over TLS as production runs it (issue #41): a redis-server of the test's own listening with
// TLS only, its certificate signed by a CA of the test's own (openssl), reached over rediss:// with
// that CA from REDIS_TLS_CA_FILE; without the CA, or over redis://, no connection.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../testing/free-port';
import { createCommandConnection, createProbeConnection } from './redis-connection';

jest.setTimeout(30_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-redis-tls-'));
const file = (name: string) => path.join(dir, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
let server: ChildProcess;
let port: number;

beforeAll(async () => {
  openssl(
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=test-ca',
    '-keyout',
    'ca.key',
    '-out',
    'ca.crt',
  );
  openssl(
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    'tls.key',
    '-out',
    'tls.csr',
  );
  fs.writeFileSync(file('ext.cnf'), 'subjectAltName=DNS:localhost\nextendedKeyUsage=serverAuth\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'tls.csr',
    '-CA',
    'ca.crt',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-days',
    '1',
    '-extfile',
    'ext.cnf',
    '-out',
    'tls.crt',
  );
  port = await freePort();
  // As components/redis/redis.conf: no plain port, TLS, clients authenticated by password only.
  server = spawn(
    'redis-server',
    [
      '--port',
      '0',
      '--tls-port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--tls-cert-file',
      file('tls.crt'),
      '--tls-key-file',
      file('tls.key'),
      '--tls-ca-cert-file',
      file('ca.crt'),
      '--tls-auth-clients',
      'no',
      '--requirepass',
      'pw',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
});

afterAll(() => {
  server?.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Runs `make` with REDIS_TLS_CA_FILE set to the test's CA, as the services' pods have it (`null`: unset). */
function withCa<T>(make: () => T, ca: string | null = file('ca.crt')): T {
  const saved = process.env.REDIS_TLS_CA_FILE;
  if (ca === null) delete process.env.REDIS_TLS_CA_FILE;
  else process.env.REDIS_TLS_CA_FILE = ca;
  try {
    return make();
  } finally {
    if (saved === undefined) delete process.env.REDIS_TLS_CA_FILE;
    else process.env.REDIS_TLS_CA_FILE = saved;
  }
}

describe('Redis over TLS', () => {
  it('answers over rediss:// trusting the CA of REDIS_TLS_CA_FILE', async () => {
    const client = withCa(() => createCommandConnection(`rediss://:pw@localhost:${port}/0`));
    try {
      await expect(client.set('k', 'v')).resolves.toBe('OK');
      await expect(client.get('k')).resolves.toBe('v');
    } finally {
      client.disconnect();
    }
  });

  it('refuses the server without the CA (the system CAs do not know it)', async () => {
    const errors: Error[] = [];
    const client = withCa(() => createCommandConnection(`rediss://:pw@localhost:${port}/0`, (e) => errors.push(e)), null);
    try {
      await expect(client.ping()).rejects.toThrow();
      expect(errors.map((e) => e.message).join('\n')).toMatch(/certificate/i);
    } finally {
      client.disconnect();
    }
  });

  it('gets nothing over plain redis:// from a TLS-only server', async () => {
    const client = withCa(() => createProbeConnection(`redis://:pw@localhost:${port}/0`), null);
    try {
      await expect(client.ping()).rejects.toThrow();
    } finally {
      client.disconnect();
    }
  });
});
