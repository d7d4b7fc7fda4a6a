import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { redisTlsOptions } from './redis-tls';

describe('redisTlsOptions', () => {
  it('no TLS for redis://, the system CAs for rediss://, the mounted CA with REDIS_TLS_CA_FILE', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-redis-ca-'));
    const ca = path.join(dir, 'ca.crt');
    fs.writeFileSync(ca, '-----BEGIN CERTIFICATE-----\n');
    try {
      expect(redisTlsOptions('redis://h:6379', { REDIS_TLS_CA_FILE: ca })).toEqual({});
      expect(redisTlsOptions('rediss://h:6379', {})).toEqual({ tls: {} });
      expect(redisTlsOptions('rediss://h:6379', { REDIS_TLS_CA_FILE: ca })).toEqual({ tls: { ca: fs.readFileSync(ca) } });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
