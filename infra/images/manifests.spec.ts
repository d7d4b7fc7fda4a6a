import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/lib/paths.mjs';
import { parseObjects } from '../k8s/test/render.mjs';
import { deploymentSpec, expand, resolveEnv } from './manifests.mjs';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const objects = [
  { kind: 'ConfigMap', metadata: { name: 'auth-config-abc123defg' }, data: { HOST: '0.0.0.0', LOG_LEVEL: 'info' } },
  {
    kind: 'ConfigMap',
    metadata: { name: 'mongodb-endpoint' },
    data: { scheme: 'mongodb', hosts: 'mongodb-svc:27017', options: 'replicaSet=rs' },
  },
  { kind: 'Secret', metadata: { name: 'mongodb-auth-password' }, data: { password: b64('s3cret') } },
  { kind: 'Secret', metadata: { name: 'auth-secrets' }, stringData: { SMTP_URL: 'smtp://mail:25' } },
];

describe('a container environment as the kubelet builds it', () => {
  const container = {
    name: 'auth',
    envFrom: [{ configMapRef: { name: 'auth-config-abc123defg' } }],
    env: [
      { name: 'PORT', value: '3001' },
      { name: 'MONGODB_SCHEME', valueFrom: { configMapKeyRef: { name: 'mongodb-endpoint', key: 'scheme' } } },
      { name: 'MONGODB_HOSTS', valueFrom: { configMapKeyRef: { name: 'mongodb-endpoint', key: 'hosts' } } },
      { name: 'MONGODB_PASSWORD', valueFrom: { secretKeyRef: { name: 'mongodb-auth-password', key: 'password' } } },
      { name: 'MONGODB_URI', value: '$(MONGODB_SCHEME)://u:$(MONGODB_PASSWORD)@$(MONGODB_HOSTS)/?$(UNKNOWN)' },
      { name: 'SMTP_URL', valueFrom: { secretKeyRef: { name: 'auth-secrets', key: 'SMTP_URL' } } },
      { name: 'GOOGLE_CLIENT_ID', valueFrom: { secretKeyRef: { name: 'auth-secrets', key: 'GOOGLE_CLIENT_ID', optional: true } } },
    ],
  };
  it('takes envFrom, then env in order, with references and $(VAR) expansion', () => {
    expect(resolveEnv(container, objects)).toEqual({
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      PORT: '3001',
      MONGODB_SCHEME: 'mongodb',
      MONGODB_HOSTS: 'mongodb-svc:27017',
      MONGODB_PASSWORD: 's3cret',
      MONGODB_URI: 'mongodb://u:s3cret@mongodb-svc:27017/?$(UNKNOWN)',
      SMTP_URL: 'smtp://mail:25',
    });
  });
  it('names a missing reference that is not optional', () => {
    const bad = { name: 'auth', env: [{ name: 'X', valueFrom: { secretKeyRef: { name: 'nope', key: 'k' } } }] };
    expect(() => resolveEnv(bad, objects)).toThrow('auth: X needs Secret nope key k');
  });
  it('escapes $$', () => {
    expect(expand('a$$(B)c$(B)', { B: 'x' })).toBe('a$(B)cx');
  });
});

describe('the specs of the base Deployments', () => {
  const base = (name: string) => parseObjects(fs.readFileSync(path.join(ROOT, `infra/k8s/base/${name}/${name}.yaml`), 'utf8'));
  it('read ports, user, probes, hardening, grace and mounts', () => {
    const auth = deploymentSpec(
      [
        ...base('auth'),
        ...objects,
        { kind: 'ConfigMap', metadata: { name: 'auth-config' }, data: {} },
        {
          kind: 'ConfigMap',
          metadata: { name: 'redis-endpoint' },
          data: { scheme: 'rediss', hostport: 'redis:6379', caFile: '/etc/pupitre/tls/redis/ca.crt' },
        },
        { kind: 'Secret', metadata: { name: 'redis' }, data: { password: b64('r') } },
        {
          kind: 'Secret',
          metadata: { name: 'auth-secrets' },
          stringData: { SMTP_URL: 's', JWT_PRIVATE_KEYS: '[]', SECURITY_LOG_KEY: 'k'.repeat(32), SECOND_FACTOR_KEYS: 'k1:a2V5' },
        },
      ].reverse(),
      'auth',
    );
    expect(auth).toMatchObject({
      port: 3001,
      user: 1000,
      group: 1000,
      runAsNonRoot: true,
      readOnlyRoot: true,
      dropAll: true,
      noPrivilegeEscalation: true,
      graceSeconds: 15,
      preStopSleep: 5,
      probes: { startup: '/healthz', readiness: '/readyz', liveness: '/healthz' },
      mounts: [
        // The stores' CAs (a projected Secret volume): not mounted by images:check, whose stores are plain.
        { path: '/etc/pupitre/tls', kind: 'other', readOnly: true },
        { path: '/tmp', kind: 'emptyDir', readOnly: false },
      ],
    });
    expect(auth.env.REDIS_URL).toBe('rediss://:r@redis:6379/0');
    expect(auth.env.REDIS_TLS_CA_FILE).toBe('/etc/pupitre/tls/redis/ca.crt');
    expect(auth.env.SECOND_FACTOR_KEYS).toBe('k1:a2V5');
  });
  it('give the shell its remotes ConfigMap files', () => {
    const shell = deploymentSpec(
      [...base('shell'), { kind: 'ConfigMap', metadata: { name: 'shell-remotes' }, data: { 'remotes.json': '{}', 'config.json': '{}' } }],
      'shell',
    );
    expect(shell.port).toBe(8080);
    expect(shell.user).toBe(101);
    expect(shell.graceSeconds).toBe(10);
    expect(shell.mounts.find((m: { kind: string }) => m.kind === 'configMap')).toMatchObject({
      path: '/etc/pupitre',
      subPath: null,
      files: { 'remotes.json': '{}' },
    });
    expect(shell.mounts.find((m: { subPath: string | null }) => m.subPath)).toMatchObject({
      path: '/etc/nginx/shell-pages.conf',
      subPath: 'shell-pages.conf',
      readOnly: true,
      kind: 'configMap',
    });
  });
  it('say which Deployment is missing', () => {
    expect(() => deploymentSpec([], 'auth')).toThrow('no Deployment auth in the render');
  });
});
