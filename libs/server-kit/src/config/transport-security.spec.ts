import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { validateConfig } from './validate-config';
import { baseServiceEnv } from './env-fields';
import { checkStoreTransport, mongoUriUsesTls, requireHttpsInProduction } from './transport-security';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-ca-'));
const CA = path.join(dir, 'ca.crt');
const NOT_PEM = path.join(dir, 'not.pem');
fs.writeFileSync(CA, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
fs.writeFileSync(NOT_PEM, 'hello');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const schema = z
  .object({ ...baseServiceEnv({ port: 1, database: 'x' }), NODE_ENV: z.string().default('development'), JWKS: z.string().optional() })
  .superRefine((env, ctx) => {
    checkStoreTransport(env, ctx);
    requireHttpsInProduction(env, 'JWKS', env.JWKS, ctx);
  });
const plain = { MONGODB_URI: 'mongodb://127.0.0.1:27017/', REDIS_URL: 'redis://127.0.0.1:6379' };
const encrypted = {
  MONGODB_URI: `mongodb://u:p@mongodb-0.mongodb-svc:27017/?replicaSet=mongodb&tls=true&tlsCAFile=${CA}`,
  REDIS_URL: 'rediss://:p@redis:6379/0',
  REDIS_TLS_CA_FILE: CA,
  JWKS: 'https://pupitre.example.org/auth/.well-known/jwks.json',
};
const problems = (env: Record<string, string | undefined>) => {
  const r = validateConfig(schema, env);
  return r.ok ? [] : r.problems;
};

describe('transport security of the stores and the key fetch', () => {
  it('leaves the local stack plain outside production', () => {
    expect(problems({ ...plain, JWKS: 'http://127.0.0.1:3001/auth/.well-known/jwks.json' })).toEqual([]);
  });

  it('refuses plain MongoDB, plain Redis and an http JWKS URL in production', () => {
    expect(problems({ ...plain, NODE_ENV: 'production', JWKS: 'http://auth/auth/.well-known/jwks.json' })).toEqual([
      'MONGODB_URI: must use TLS in production (tls=true, or mongodb+srv://), got "mongodb://127.0.0.1:27017/"',
      'REDIS_URL: must use TLS in production (rediss://), got "redis://127.0.0.1:6379"',
      'JWKS: must be an https URL in production, got "http://auth/auth/.well-known/jwks.json"',
    ]);
    expect(problems({ ...plain, NODE_ENV: 'production', MONGODB_URI: 'mongodb+srv://u:p@db.example.net/?tls=false' })).toContain(
      'MONGODB_URI: must use TLS in production (tls=true, or mongodb+srv://), got "mongodb+srv://***@db.example.net/?tls=false"',
    );
  });

  it('accepts TLS everywhere in production, with the mounted CA files', () => {
    expect(problems({ ...encrypted, NODE_ENV: 'production' })).toEqual([]);
    expect(problems({ NODE_ENV: 'production', MONGODB_URI: 'mongodb+srv://u:p@db.example.net/', REDIS_URL: 'rediss://h:6380' })).toEqual(
      [],
    );
  });

  it('checks the CA files at start-up: readable and PEM, and REDIS_TLS_CA_FILE only with rediss://', () => {
    expect(problems({ ...encrypted, REDIS_TLS_CA_FILE: path.join(dir, 'missing.crt') })).toEqual([
      expect.stringMatching(/^REDIS_TLS_CA_FILE: expected a readable PEM CA file: cannot read .*missing\.crt \(ENOENT\)/),
    ]);
    expect(problems({ ...encrypted, REDIS_TLS_CA_FILE: NOT_PEM })).toEqual([expect.stringMatching(/holds no PEM certificate/)]);
    expect(problems({ ...encrypted, MONGODB_URI: 'mongodb://h/?tls=true&tlsCAFile=/nowhere/ca.crt' })).toEqual([
      expect.stringMatching(/^MONGODB_URI: its tlsCAFile: cannot read \/nowhere\/ca\.crt/),
    ]);
    expect(problems({ ...plain, REDIS_TLS_CA_FILE: CA })).toEqual([
      `REDIS_TLS_CA_FILE: set with a redis:// REDIS_URL: use rediss:// (TLS), got ${JSON.stringify(CA)}`,
    ]);
  });

  it.each([
    ['mongodb://h/?tls=true', true],
    ['mongodb://h/?ssl=true', true],
    ['mongodb://h/', false],
    ['mongodb://h/?tls=false', false],
    ['mongodb+srv://h/', true],
    ['mongodb+srv://h/?ssl=false', false],
  ])('%s uses TLS: %s', (uri, tls) => expect(mongoUriUsesTls(uri)).toBe(tls));
});
