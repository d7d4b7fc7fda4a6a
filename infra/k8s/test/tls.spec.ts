// Every connection of production is encrypted (issue #41, ASVS V9.2): read from the rendered
// manifests, each workload's MONGODB_URI and REDIS_URL as the kubelet assembles them ($(VAR) from
// the env before it, ConfigMap keys, Secrets), the CA files they name and the volumes that hold
// them, the certificates cert-manager issues for MongoDB and Redis and the servers' TLS settings;
// the signing keys fetched over https, SMTP with STARTTLS required, and HSTS on every answer.
import { ensureKustomize } from './kustomize.mjs';
import { find, makeWorkspace, renderVariant, variants } from './render.mjs';
import { type Json } from './types';
import { mongoCaFileOf, mongoUriUsesTls } from '@pupitre/server-kit';

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; spec?: Json; data?: Record<string, string> };
type EnvVar = { name: string; value?: string; valueFrom?: Json };

const renders = new Map<string, Obj[]>();
let ws: ReturnType<typeof makeWorkspace>;

beforeAll(() => {
  const tool = ensureKustomize();
  ws = makeWorkspace();
  for (const v of variants().filter((v) => v.components.length === 0)) renders.set(v.name, renderVariant(ws, v, tool));
}, 300_000);
afterAll(() => ws?.cleanup());

/** The pod template of a Deployment or Job. */
const podOf = (objects: Obj[], kind: string, name: string) => find(objects, kind, name)!.spec.template.spec;

/** A container's environment as the kubelet builds it (Secrets as `<secret:name/key>`). */
function resolvedEnv(objects: Obj[], container: { env?: EnvVar[]; envFrom?: Json[] }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const from of container.envFrom ?? []) Object.assign(out, find(objects, 'ConfigMap', from.configMapRef.name)!.data);
  for (const e of container.env ?? []) {
    if (e.value !== undefined) out[e.name] = e.value.replace(/\$\(([A-Z_]+)\)/g, (whole, name: string) => out[name] ?? whole);
    else if (e.valueFrom?.configMapKeyRef) {
      const ref = e.valueFrom.configMapKeyRef;
      out[e.name] = find(objects, 'ConfigMap', ref.name)!.data![ref.key];
    } else if (e.valueFrom?.secretKeyRef) out[e.name] = `<secret:${e.valueFrom.secretKeyRef.name}/${e.valueFrom.secretKeyRef.key}>`;
  }
  return out;
}

/** The Secret and key a file of the container comes from, by the volume mounted over its path (projected or not). */
function fileSource(pod: Json, container: Json, file: string): { secret: string; key: string } | undefined {
  // The deepest mount over the path holds the file.
  const mount = [...(container.volumeMounts ?? [])]
    .sort((a: Json, b: Json) => b.mountPath.length - a.mountPath.length)
    .find((m: Json) => file.startsWith(`${m.mountPath}/`));
  for (const m of mount ? [mount] : []) {
    const rel = file.slice(m.mountPath.length + 1);
    const volume = pod.volumes.find((v: Json) => v.name === m.name);
    const sources = volume.projected
      ? volume.projected.sources
      : volume.secret
        ? [{ secret: { ...volume.secret, name: volume.secret.secretName } }]
        : [];
    for (const s of sources) {
      if (!s.secret) continue;
      const item = (s.secret.items ?? []).find((i: Json) => i.path === rel);
      if (item) return { secret: s.secret.name, key: item.key };
      if (!s.secret.items) return { secret: s.secret.name, key: rel };
    }
  }
  return undefined;
}

const STORE_CLIENTS: [kind: string, name: string, redis: boolean][] = [
  ['Deployment', 'auth', true],
  ['Deployment', 'rating-api', true],
  ['Deployment', 'rating-worker', true],
  ['Job', 'rating-migrate', false],
];

describe.each(['prod', 'dev'])('in-cluster stores over TLS (%s)', (overlay) => {
  const objects = () => renders.get(overlay)!;

  it.each(STORE_CLIENTS)('%s %s reaches MongoDB with tls=true, trusting the CA of mongodb-tls (ca.crt only)', (kind, name) => {
    const pod = podOf(objects(), kind, name);
    const container = pod.containers[0];
    const uri = resolvedEnv(objects(), container).MONGODB_URI;
    expect(uri).toMatch(/^mongodb:\/\/[a-z-]+:<secret:mongodb-[a-z]+-password\/password>@mongodb-0\.mongodb-svc:27017/);
    expect(mongoUriUsesTls(uri)).toBe(true);
    const caFile = mongoCaFileOf(uri)!;
    expect(caFile).toBe('/etc/pupitre/tls/mongodb/ca.crt');
    expect(fileSource(pod, container, caFile)).toEqual({ secret: 'mongodb-tls', key: 'ca.crt' });
    // Never the server's key: only ca.crt of the Secret is projected.
    const secrets = pod.volumes.flatMap((v: Json) => (v.projected?.sources ?? []).filter((s: Json) => s.secret));
    for (const s of secrets) expect(s.secret.items).toEqual([{ key: 'ca.crt', path: expect.stringMatching(/\/ca\.crt$/) }]);
  });

  it.each(STORE_CLIENTS.filter(([, , redis]) => redis))(
    '%s %s reaches Redis over rediss://, trusting the CA of redis-tls',
    (kind, name) => {
      const pod = podOf(objects(), kind, name);
      const env = resolvedEnv(objects(), pod.containers[0]);
      expect(env.REDIS_URL).toBe('rediss://:<secret:redis/password>@redis:6379/0');
      expect(env.REDIS_TLS_CA_FILE).toBe('/etc/pupitre/tls/redis/ca.crt');
      expect(fileSource(pod, pod.containers[0], env.REDIS_TLS_CA_FILE)).toEqual({ secret: 'redis-tls', key: 'ca.crt' });
    },
  );

  it('MongoDB requires TLS with the certificate cert-manager issues from its own CA, valid for every host the services name', () => {
    const mongo = find(objects(), 'MongoDBCommunity', 'mongodb')!;
    expect(mongo.spec.security.tls).toEqual({
      enabled: true,
      certificateKeySecretRef: { name: 'mongodb-tls' },
      caCertificateSecretRef: { name: 'mongodb-tls' },
    });
    const cert = find(objects(), 'Certificate', 'mongodb-tls')!;
    expect(cert.spec.secretName).toBe('mongodb-tls');
    expectIssuedByOwnCa(objects(), cert, 'mongodb-ca');
    const hosts = find(objects(), 'ConfigMap', 'mongodb-endpoint')!
      .data!.hosts.split(',')
      .map((h: string) => h.split(':')[0]);
    for (const host of hosts) expect([host, covers(cert.spec.dnsNames, host)]).toEqual([host, true]);
    // The members and the operator name each other by FQDN, in this overlay's namespace.
    const ns = find(objects(), 'Deployment', 'auth')!.metadata.namespace;
    expect([ns, covers(cert.spec.dnsNames, `mongodb-0.mongodb-svc.${ns}.svc.cluster.local`)]).toEqual([ns, true]);
  });

  it('Redis listens with TLS only (no plain port), with the certificate cert-manager issues, valid for the Service name', () => {
    const conf = find(objects(), 'ConfigMap', 'redis-config')!.data!['redis.conf'];
    expect(conf).toMatch(/^port 0$/m);
    expect(conf).toMatch(/^tls-port 6379$/m);
    for (const [setting, file] of [
      ['tls-cert-file', 'tls.crt'],
      ['tls-key-file', 'tls.key'],
      ['tls-ca-cert-file', 'ca.crt'],
    ])
      expect(conf).toMatch(new RegExp(`^${setting} /etc/redis/tls/${file.replace('.', '\\.')}$`, 'm'));
    const pod = podOf(objects(), 'StatefulSet', 'redis');
    const container = pod.containers[0];
    expect(fileSource(pod, container, '/etc/redis/tls/tls.key')).toEqual({ secret: 'redis-tls', key: 'tls.key' });
    for (const probe of [container.readinessProbe, container.livenessProbe])
      expect(probe.exec.command.join(' ')).toContain('redis-cli --tls --cacert');
    const cert = find(objects(), 'Certificate', 'redis-tls')!;
    expect(cert.spec.secretName).toBe('redis-tls');
    expectIssuedByOwnCa(objects(), cert, 'redis-ca');
    const host = find(objects(), 'ConfigMap', 'redis-endpoint')!.data!.hostport.split(':')[0];
    expect(cert.spec.dnsNames).toContain(host);
  });
});

/** `cert` is issued by the CA Issuer `ca`, whose key pair is a CA certificate of a self-signed Issuer. */
function expectIssuedByOwnCa(objects: Obj[], cert: Obj, ca: string): void {
  expect(cert.spec.issuerRef).toEqual({ name: ca, kind: 'Issuer' });
  expect(cert.spec.usages).toContain('server auth');
  expect(cert.spec.renewBefore).toBeDefined();
  const issuer = find(objects, 'Issuer', ca)!;
  const caCert = objects.find((o) => o.kind === 'Certificate' && o.spec.secretName === issuer.spec.ca.secretName)!;
  expect(caCert.spec.isCA).toBe(true);
  expect(find(objects, 'Issuer', caCert.spec.issuerRef.name)!.spec).toEqual({ selfSigned: {} });
}

/** Whether a certificate's DNS names cover a host (`*.x` covers one label before x). */
const covers = (dnsNames: string[], host: string) =>
  dnsNames.some((n) => n === host || (n.startsWith('*.') && host.split('.').slice(1).join('.') === n.slice(2)));

describe('managed stores (prod-managed): TLS against the providers’ public CAs, no in-cluster certificates', () => {
  it('has no cert-manager object, connects with TLS and names no CA file', () => {
    const objects = renders.get('prod-managed')!;
    expect(objects.filter((o) => o.apiVersion.startsWith('cert-manager.io/'))).toEqual([]);
    for (const [kind, name, redis] of STORE_CLIENTS) {
      const env = resolvedEnv(objects, podOf(objects, kind, name).containers[0]);
      expect(env.MONGODB_URI).toMatch(/^mongodb\+srv:\/\//);
      expect([name, mongoUriUsesTls(env.MONGODB_URI), mongoCaFileOf(env.MONGODB_URI)]).toEqual([name, true, undefined]);
      if (redis) expect([name, env.REDIS_URL.startsWith('rediss://'), env.REDIS_TLS_CA_FILE]).toEqual([name, true, '']);
    }
  });
});

describe.each(['prod', 'prod-managed'])('the other connections of %s', (overlay) => {
  const objects = () => renders.get(overlay)!;

  it('the rating API fetches the signing keys over https, from the public origin through the ingress controller (port 443 allowed)', () => {
    const env = resolvedEnv(objects(), podOf(objects(), 'Deployment', 'rating-api').containers[0]);
    expect(env.AUTH_JWKS_URL).toBe('https://pupitre.example.org/auth/.well-known/jwks.json');
    const host = new URL(env.AUTH_JWKS_URL).hostname;
    expect(find(objects(), 'Ingress', 'pupitre-services')!.spec.tls[0].hosts).toContain(host);
    const policy = find(objects(), 'NetworkPolicy', 'rating-api')!;
    const toController = policy.spec.egress.filter((r: Json) =>
      (r.to ?? []).some((p: Json) => p.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx'),
    );
    expect(toController.flatMap((r: Json) => r.ports)).toEqual([{ protocol: 'TCP', port: 443 }]);
  });

  it('auth sends mail only with STARTTLS (SMTP_REQUIRE_TLS=true: nodemailer requireTLS)', () => {
    const env = resolvedEnv(objects(), podOf(objects(), 'Deployment', 'auth').containers[0]);
    expect(env.SMTP_REQUIRE_TLS).toBe('true');
    expect(env.SMTP_URL).toBe('<secret:auth-secrets/SMTP_URL>');
  });

  it('both Ingresses set HSTS (two years, subdomains) on every answer, over their TLS certificate', () => {
    for (const ingress of objects().filter((o) => o.kind === 'Ingress')) {
      const annotations = ingress.metadata as { annotations: Record<string, string> } & Obj['metadata'];
      const [namespace, name] = annotations.annotations['nginx.ingress.kubernetes.io/custom-headers'].split('/');
      const headers = objects().find(
        (o) => o.kind === 'ConfigMap' && o.metadata.name === name && o.metadata.namespace === namespace,
      )!.data!;
      expect([ingress.metadata.name, headers['Strict-Transport-Security']]).toEqual([
        ingress.metadata.name,
        'max-age=63072000; includeSubDomains',
      ]);
      expect(ingress.spec.tls).toEqual([{ hosts: ['pupitre.example.org'], secretName: 'pupitre-tls' }]);
    }
  });
});

describe('the development overlay (plain http at its edge)', () => {
  it('sends no HSTS, fetches the keys in-cluster and runs the services as in development (which allows both)', () => {
    const objects = renders.get('dev')!;
    for (const name of ['auth-config', 'rating-config', 'rating-worker-config'])
      expect([name, find(objects, 'ConfigMap', name)!.data!.NODE_ENV]).toEqual([name, 'development']);
    // Production's services run as the images say (NODE_ENV=production): no overlay sets it.
    for (const name of ['auth-config', 'rating-config', 'rating-worker-config'])
      expect([name, find(renders.get('prod')!, 'ConfigMap', name)!.data!.NODE_ENV]).toEqual([name, undefined]);
    for (const o of objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('security-headers-')))
      expect(o.data!['Strict-Transport-Security']).toBeUndefined();
    expect(find(objects, 'ConfigMap', 'rating-config')!.data!.AUTH_JWKS_URL).toBe('http://auth/auth/.well-known/jwks.json');
  });
});
