// Every overlay, alone and with every add-on component, renders with kustomize; every object
// validates offline against the Kubernetes OpenAPI schemas (and the CRDs'); every workload passes
// the policy (policy.mjs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureKustomize } from './kustomize.mjs';
import { K8S_DIR, find, makeWorkspace, renderDir, renderVariant, variants } from './render.mjs';
import { type Json } from './types';
import { validateObjects } from './validate.mjs';
import { checkPolicy } from './policy.mjs';
import { CLUSTER_COMPOSER, shellPages } from '../../local/lib/edge-config.mjs';

type Obj = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Json;
  data?: Json;
  [k: string]: Json;
};

const DEPLOYABLES = [
  'shell',
  'mfe-community',
  'mfe-review',
  'mfe-account',
  'auth',
  'rating-api',
  'rating-worker',
  'composer',
  'mfe-community-renderer',
  'mfe-review-renderer',
  'mfe-account-renderer',
];
const RENDERERS = ['mfe-community-renderer', 'mfe-review-renderer', 'mfe-account-renderer'];
const ALL = variants();
const rendered = new Map<string, Obj[]>();
let base: Obj[] = [];
let validation = new Map<string, string[]>();
let ws: ReturnType<typeof makeWorkspace>;

beforeAll(() => {
  const tool = ensureKustomize();
  ws = makeWorkspace();
  base = renderDir(ws, 'base', tool);
  for (const v of ALL) rendered.set(v.name, renderVariant(ws, v, tool));
  // One validation pass over the distinct objects of every variant (most are shared).
  const distinct = new Map<string, Obj>();
  for (const o of [...base, ...[...rendered.values()].flat()]) distinct.set(JSON.stringify(o), o);
  const results = validateObjects([...distinct.values()]);
  validation = new Map([...distinct.keys()].map((k, i) => [k, results[i].errors]));
}, 300_000);

afterAll(() => ws?.cleanup());

describe('base', () => {
  it.each(DEPLOYABLES)('%s has its own folder with a Deployment, Service, ServiceAccount, HPA and PDB', (name) => {
    expect(fs.existsSync(path.join(K8S_DIR, 'base', name, 'kustomization.yaml'))).toBe(true);
    for (const kind of ['Deployment', 'Service', 'ServiceAccount', 'HorizontalPodAutoscaler', 'PodDisruptionBudget']) {
      expect(find(base, kind, name)).toBeDefined();
    }
    const deployment = find(base, 'Deployment', name)!;
    expect(deployment.spec.template.spec.serviceAccountName).toBe(name);
    expect(find(base, 'HorizontalPodAutoscaler', name)!.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
    expect(find(base, 'PodDisruptionBudget', name)!.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(find(base, 'Service', name)!.spec.selector).toEqual(deployment.spec.selector.matchLabels);
  });

  it('validates and passes the policy (images are tagged by the overlays)', () => {
    expect(base.flatMap((o) => validation.get(JSON.stringify(o))!.map((e) => `${o.kind}/${o.metadata.name}: ${e}`))).toEqual([]);
    expect(checkPolicy(base)).toEqual([]);
  });
});

describe.each(ALL.map((v) => [v.name, v] as const))('%s', (name, variant) => {
  const objects = () => rendered.get(name)!;

  it('renders every deployable', () => {
    for (const d of DEPLOYABLES) expect(find(objects(), 'Deployment', d)).toBeDefined();
    expect(find(objects(), 'Ingress', 'pupitre')).toBeDefined();
    expect(objects().filter((o) => o.kind === 'NetworkPolicy').length).toBeGreaterThan(0);
  });

  it('validates against the OpenAPI schemas, offline', () => {
    const errors = objects().flatMap((o) => validation.get(JSON.stringify(o))!.map((e) => `${o.kind}/${o.metadata.name}: ${e}`));
    expect(errors).toEqual([]);
  });

  it('passes the workload policy, with pinned image tags', () => {
    expect(checkPolicy(objects(), { pinnedImages: true })).toEqual([]);
  });

  it('production alerts on the abuse signals (issue #41): one rule per kind the services export', () => {
    const rule = find(objects(), 'PrometheusRule', 'pupitre-abuse');
    if (variant.overlay === 'dev') return expect(rule).toBeUndefined();
    const rules = rule!.spec.groups.flatMap((g: { rules: { alert: string; expr: string }[] }) => g.rules);
    expect(rules.map((r: { expr: string }) => /kind="([a-z-]+)"/.exec(r.expr)?.[1]).sort()).toEqual([
      'mass-reporting',
      'review-probing',
      'signup-burst',
    ]);
    for (const r of rules) expect(r.expr).toMatch(/^sum\(increase\(pupitre_abuse_signals_total\{kind="[a-z-]+"\}\[15m\]\)\) > 0$/);
  });

  it('production alerts when the retention sweep keeps failing (issue #41)', () => {
    const rule = find(objects(), 'PrometheusRule', 'pupitre-retention');
    if (variant.overlay === 'dev') return expect(rule).toBeUndefined();
    const rules = rule!.spec.groups.flatMap((g: { rules: { alert: string; expr: string }[] }) => g.rules);
    expect(rules.map((r: { alert: string; expr: string }) => [r.alert, r.expr])).toEqual([
      ['PupitreRetentionSweepFailing', 'sum(increase(rating_reconcile_failures_total{step="retention"}[3h])) >= 2'],
    ]);
  });

  it('swaps the stores as asked', () => {
    const managedMongo = variant.components.includes('mongodb-managed') || variant.overlay === 'prod-managed';
    const managedRedis = variant.components.includes('redis-managed') || variant.overlay === 'prod-managed';
    expect(Boolean(find(objects(), 'MongoDBCommunity', 'mongodb'))).toBe(!managedMongo);
    expect(Boolean(find(objects(), 'StatefulSet', 'redis'))).toBe(!managedRedis);
    expect(find(objects(), 'ConfigMap', 'mongodb-endpoint')!.data.scheme).toBe(managedMongo ? 'mongodb+srv' : 'mongodb');
    // TLS either way (tls.spec.ts): the in-cluster Redis too.
    expect(find(objects(), 'ConfigMap', 'redis-endpoint')!.data.scheme).toBe('rediss');
    expect(find(objects(), 'ConfigMap', 'redis-endpoint')!.data.caFile).toBe(managedRedis ? '' : '/etc/pupitre/tls/redis/ca.crt');
    const keda = variant.components.includes('worker-queue-autoscaling');
    expect(Boolean(find(objects(), 'ScaledObject', 'rating-worker'))).toBe(keda);
    expect(Boolean(find(objects(), 'HorizontalPodAutoscaler', 'rating-worker'))).toBe(!keda);
  });

  it('keeps secrets out of the manifests', () => {
    const secrets = objects().filter((o) => o.kind === 'Secret');
    if (variant.overlay === 'dev') {
      // Generated from secrets/*.env (here: the committed examples).
      expect(secrets.map((s) => s.metadata.name).sort()).toEqual([
        'auth-secrets',
        'mongodb-auth-password',
        'mongodb-backup-password',
        'mongodb-rating-password',
        'rating-secrets',
        'redis',
      ]);
    } else {
      expect(secrets).toEqual([]);
      expect(
        objects()
          .filter((o) => o.kind === 'ExternalSecret')
          .map((s) => s.spec.target.name)
          .sort(),
      ).toEqual(['auth-secrets', 'mongodb-auth-password', 'mongodb-backup-password', 'mongodb-rating-password', 'rating-secrets', 'redis']);
    }
  });
});

describe('stores', () => {
  it('MongoDB is a 3-member replica set with SCRAM users whose passwords come from Secrets (1 member in dev)', () => {
    const prod = find(rendered.get('prod')!, 'MongoDBCommunity', 'mongodb')!;
    expect(prod.spec.members).toBe(3);
    expect(prod.spec.type).toBe('ReplicaSet');
    expect(prod.spec.security.authentication.modes).toEqual(['SCRAM']);
    for (const u of prod.spec.users) expect(u.passwordSecretRef.name).toMatch(/^mongodb-[a-z]+-password$/);
    expect(find(rendered.get('dev')!, 'MongoDBCommunity', 'mongodb')!.spec.members).toBe(1);
    expect(find(rendered.get('dev')!, 'ConfigMap', 'mongodb-endpoint')!.data.hosts).toBe('mongodb-0.mongodb-svc:27017');
  });

  it('Redis is a StatefulSet with a volume, AOF and noeviction', () => {
    const objects = rendered.get('prod')!;
    const sts = find(objects, 'StatefulSet', 'redis')!;
    expect(sts.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    expect(sts.spec.template.spec.containers[0].volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
    const conf: string = find(objects, 'ConfigMap', 'redis-config')!.data['redis.conf'];
    expect(conf).toMatch(/^appendonly yes$/m);
    expect(conf).toMatch(/^maxmemory-policy noeviction$/m);
    expect(conf).toMatch(/^dir \/data$/m);
  });

  it('the services build MONGODB_URI and REDIS_URL from the endpoint ConfigMaps and password Secrets', () => {
    for (const name of ['auth', 'rating-api', 'rating-worker']) {
      const env: { name: string; value?: string }[] = find(rendered.get('prod')!, 'Deployment', name)!.spec.template.spec.containers[0].env;
      const names = env.map((e) => e.name);
      // $(VAR) only expands variables defined before it.
      expect(names.indexOf('MONGODB_URI')).toBeGreaterThan(names.indexOf('MONGODB_PASSWORD'));
      expect(names.indexOf('REDIS_URL')).toBeGreaterThan(names.indexOf('REDIS_PASSWORD'));
      expect(env.find((e) => e.name === 'MONGODB_URI')!.value).toBe(
        '$(MONGODB_SCHEME)://$(MONGODB_USER):$(MONGODB_PASSWORD)@$(MONGODB_HOSTS)/?$(MONGODB_OPTIONS)',
      );
    }
  });

  it('the worker gets a termination grace long enough to drain in-flight jobs, the others a short one', () => {
    const objects = rendered.get('prod')!;
    expect(find(objects, 'Deployment', 'rating-worker')!.spec.template.spec.terminationGracePeriodSeconds).toBe(45);
    for (const name of DEPLOYABLES.filter((n) => n !== 'rating-worker')) {
      expect(find(objects, 'Deployment', name)!.spec.template.spec.terminationGracePeriodSeconds).toBeLessThanOrEqual(15);
    }
  });
});

describe.each(['dev', 'prod'])('start-up and connections of the rating service in %s', (overlay) => {
  const objects = () => rendered.get(overlay)!;
  const configOf = (name: string) =>
    objects().find((o) => o.kind === 'ConfigMap' && new RegExp(`^${name}(-[a-z0-9]{10})?$`).test(o.metadata.name))!.data as Record<
      string,
      string
    >;

  it('migrates in a Job before the rollout (an Argo CD PreSync hook), from the API image, with the API database', () => {
    const job = find(objects(), 'Job', 'rating-migrate')!;
    expect(job).toBeDefined();
    expect(job.metadata.annotations).toMatchObject({ 'argocd.argoproj.io/hook': 'PreSync' });
    const pod = job.spec.template.spec;
    const api = find(objects(), 'Deployment', 'rating-api')!.spec.template.spec.containers[0];
    expect(pod.restartPolicy).toBe('OnFailure');
    expect(pod.containers[0].image).toBe(api.image);
    expect(pod.containers[0].args).toEqual(['services/rating/dist/migrate.js']);
    const env: { name: string; value?: string }[] = pod.containers[0].env;
    const names = env.map((e) => e.name);
    expect(names.indexOf('MONGODB_URI')).toBeGreaterThan(names.indexOf('MONGODB_PASSWORD'));
    expect(env.find((e) => e.name === 'MONGODB_URI')!.value).toBe(api.env.find((e: { name: string }) => e.name === 'MONGODB_URI').value);
    expect(configOf('rating-migrate-config').MONGODB_DB).toBe(configOf('rating-config').MONGODB_DB);
  });

  it('the API and the worker start within a minute (they never migrate): their startup probes allow 60 s', () => {
    for (const name of ['rating-api', 'rating-worker']) {
      const probe = find(objects(), 'Deployment', name)!.spec.template.spec.containers[0].startupProbe;
      expect(probe.httpGet.path).toBe('/healthz');
      expect(probe.periodSeconds * probe.failureThreshold).toBeLessThanOrEqual(60);
    }
  });

  it("bounds the database connections: at the autoscalers' maxima, at most 20 per API and 24 per worker", () => {
    const api = Number(configOf('rating-config').MONGODB_MAX_POOL_SIZE);
    const worker = configOf('rating-worker-config');
    expect(api).toBe(20);
    expect(Number(worker.MONGODB_MAX_POOL_SIZE)).toBe(24);
    expect(Number(worker.MONGODB_MIN_POOL_SIZE)).toBeLessThanOrEqual(Number(worker.MONGODB_MAX_POOL_SIZE));
    const max = (name: string) =>
      find(objects(), 'HorizontalPodAutoscaler', name)?.spec.maxReplicas ?? find(objects(), 'Deployment', name)!.spec.replicas;
    // services/README.md, "Database connections": 20 APIs and 8 workers open at most 592 pooled connections.
    expect(max('rating-api') * api + max('rating-worker') * Number(worker.MONGODB_MAX_POOL_SIZE)).toBeLessThanOrEqual(20 * 20 + 8 * 24);
  });
});

describe('availability in production', () => {
  it.each(DEPLOYABLES)('%s runs 2 replicas or more, and at most one is disrupted at a time', (name) => {
    const objects = rendered.get('prod')!;
    expect(find(objects, 'Deployment', name)!.spec.replicas).toBeGreaterThanOrEqual(2);
    expect(find(objects, 'HorizontalPodAutoscaler', name)!.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(find(objects, 'PodDisruptionBudget', name)!.spec.maxUnavailable).toBe(1);
  });
});

// Who may reach whom, read from the rendered NetworkPolicies (additive, over the default deny):
// peers are the deployables whose pod labels a selector matches, `ns:<name>` for a namespace,
// `ip:<cidr>` for an address block and `pods:<labels>` for other pods (MongoDB, Redis).
type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values?: string[] }[] };
type Peer = { podSelector?: Selector; namespaceSelector?: Selector; ipBlock?: { cidr: string } };
type Rule = { from?: Peer[]; to?: Peer[] };

function matches(selector: Selector, labels: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    if (e.operator === 'In' && !e.values!.includes(labels[e.key])) return false;
    if (e.operator !== 'In') throw new Error(`operator ${e.operator}: not handled by this test`);
  }
  return true;
}

function reach(objects: Obj[], name: string, direction: 'Ingress' | 'Egress'): string[] {
  const podLabels = (d: Obj) => d.spec.template.metadata.labels as Record<string, string>;
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const self = podLabels(find(objects, 'Deployment', name)!);
  const peers = new Set<string>();
  for (const policy of objects.filter((o) => o.kind === 'NetworkPolicy')) {
    if (!(policy.spec.policyTypes as string[]).includes(direction) || !matches(policy.spec.podSelector, self)) continue;
    for (const rule of (policy.spec[direction === 'Ingress' ? 'ingress' : 'egress'] ?? []) as Rule[]) {
      const list = (direction === 'Ingress' ? rule.from : rule.to) ?? [];
      if (!list.length) peers.add('anyone');
      for (const peer of list) {
        if (peer.ipBlock) peers.add(`ip:${peer.ipBlock.cidr}`);
        else if (peer.namespaceSelector) peers.add(`ns:${peer.namespaceSelector.matchLabels!['kubernetes.io/metadata.name']}`);
        else {
          const hit = deployments.filter((d) => matches(peer.podSelector!, podLabels(d))).map((d) => d.metadata.name);
          if (hit.length) hit.forEach((h) => peers.add(h));
          else peers.add(`pods:${JSON.stringify(peer.podSelector!.matchLabels)}`);
        }
      }
    }
  }
  return [...peers].sort();
}

describe('network policies (prod): who reaches each deployable, and whom the server-rendering ones reach', () => {
  const INGRESS: Record<string, string[]> = {
    shell: ['composer', 'ns:ingress-nginx'],
    'mfe-community': ['ns:ingress-nginx'],
    'mfe-review': ['ns:ingress-nginx'],
    'mfe-account': ['ns:ingress-nginx'],
    auth: ['ns:ingress-nginx', 'ns:monitoring', 'rating-api'],
    'rating-api': ['mfe-account-renderer', 'mfe-community-renderer', 'mfe-review-renderer', 'ns:ingress-nginx', 'ns:monitoring'],
    'rating-worker': ['ns:monitoring'],
    composer: ['ns:ingress-nginx', 'shell'],
    ...Object.fromEntries(RENDERERS.map((r) => [r, ['composer']])),
  };
  it('has a row for every deployable', () => expect(Object.keys(INGRESS).sort()).toEqual([...DEPLOYABLES].sort()));
  it.each(Object.entries(INGRESS))('%s is reached only by %j', (name, expected) => {
    expect(reach(rendered.get('prod')!, name, 'Ingress')).toEqual(expected);
  });

  const EGRESS: Record<string, string[]> = {
    // DNS, the shell's files, the renderers, the manifests through the ingress controller.
    composer: ['mfe-account-renderer', 'mfe-community-renderer', 'mfe-review-renderer', 'ns:ingress-nginx', 'ns:kube-system', 'shell'],
    // Each renderer: DNS and the rating API, nothing else.
    ...Object.fromEntries(RENDERERS.map((r) => [r, ['ns:kube-system', 'rating-api']])),
    // DNS and the composer (its nginx proxies page navigations to it).
    shell: ['composer', 'ns:kube-system'],
    'mfe-community': ['ns:kube-system'],
  };
  it.each(Object.entries(EGRESS))('%s reaches only %j', (name, expected) => {
    expect(reach(rendered.get('prod')!, name, 'Egress')).toEqual(expected);
  });
});

describe.each(['dev', 'prod'])('server rendering in %s: the addresses in the ConfigMaps are Services of the render', (overlay) => {
  // Named with a hash suffix, but in dev (its generatorOptions).
  const configOf = (objects: Obj[], name: string) =>
    objects.find((o) => o.kind === 'ConfigMap' && new RegExp(`^${name}(-[a-z0-9]{10})?$`).test(o.metadata.name))!.data as Record<
      string,
      string
    >;
  /** The Deployment behind http://<service>[:port]: the Service's port must exist, its selector pick the pods. */
  const behind = (objects: Obj[], url: string) => {
    const u = new URL(url);
    const service = find(objects, 'Service', u.hostname)!;
    expect([url, service]).toEqual([url, expect.anything()]);
    const port = Number(u.port || 80);
    expect([url, service.spec.ports.some((p: { port: number }) => p.port === port)]).toEqual([url, true]);
    return objects.find(
      (o) => o.kind === 'Deployment' && matches({ matchLabels: service.spec.selector }, o.spec.template.metadata.labels),
    )!;
  };

  it('the composer reads the shell and asks renderers that listen where RENDERERS says, labelled as renderers', () => {
    const objects = rendered.get(overlay)!;
    const env = configOf(objects, 'composer-config');
    expect(behind(objects, env.SHELL_URL).metadata.name).toBe('shell');
    const renderers = env.RENDERERS.split(',').map((e) => e.split('='));
    expect(renderers.map(([remote]) => remote)).toEqual(['community', 'review', 'account']);
    for (const [remote, url] of renderers) {
      const d = behind(objects, url);
      expect(d.metadata.name).toBe(`mfe-${remote}-renderer`);
      expect(d.spec.template.metadata.labels['app.kubernetes.io/component']).toBe('renderer');
    }
    expect(find(objects, 'Service', 'composer')!.spec.ports[0].port).toBe(8080); // the shell's nginx proxies to composer:8080
    expect(Number(env.RENDER_TIMEOUT_MS)).toBe(250);
  });

  it('the shell mounts the ConfigMap shell-pages over its image’s shell-pages.conf: page navigations to the composer Service', () => {
    const objects = rendered.get(overlay)!;
    const pod = find(objects, 'Deployment', 'shell')!.spec.template.spec;
    const mounts = pod.containers[0].volumeMounts.map((m: Json) => {
      const volume = pod.volumes.find((v: Json) => v.name === m.name);
      const configMap = volume.configMap?.name.replace(/-[a-z0-9]{10}$/, '');
      return { mountPath: m.mountPath, subPath: m.subPath, readOnly: Boolean(m.readOnly), from: volume.emptyDir ? 'emptyDir' : configMap };
    });
    expect(mounts).toEqual([
      { mountPath: '/tmp', subPath: undefined, readOnly: false, from: 'emptyDir' },
      { mountPath: '/etc/pupitre', subPath: undefined, readOnly: true, from: 'shell-remotes' },
      { mountPath: '/etc/nginx/shell-pages.conf', subPath: 'shell-pages.conf', readOnly: true, from: 'shell-pages' },
    ]);
    // Hashed: a subPath mount is never updated in a running pod, a new name rolls the Deployment.
    const volume = pod.volumes.find((v: Json) => v.configMap?.name.startsWith('shell-pages'));
    expect(volume.configMap.name).toMatch(/^shell-pages-[a-z0-9]{10}$/);
    const pages = find(objects, 'ConfigMap', volume.configMap.name)!.data as Record<string, string>;
    expect(Object.keys(pages)).toEqual(['shell-pages.conf']);
    expect(pages['shell-pages.conf']).toBe(shellPages({ composer: CLUSTER_COMPOSER }));
    const upstream = /^\s*proxy_pass (\S+);$/m.exec(pages['shell-pages.conf'])![1];
    expect(behind(objects, upstream).metadata.name).toBe('composer');
  });

  it.each(RENDERERS)('%s reads the rating API Service', (renderer) => {
    const objects = rendered.get(overlay)!;
    expect(behind(objects, configOf(objects, `${renderer}-config`).API_URL).metadata.name).toBe('rating-api');
  });

  it.each(RENDERERS)('%s is the shared renderer definition, named, labelled and imaged for its remote', (renderer) => {
    const objects = rendered.get(overlay)!;
    const team = renderer.replace(/^mfe-(.+)-renderer$/, '$1');
    const d = find(objects, 'Deployment', renderer)!;
    expect(d.spec.template.metadata.labels).toEqual({
      'app.kubernetes.io/name': renderer,
      'app.kubernetes.io/component': 'renderer',
      'pupitre.io/team': team,
    });
    const container = d.spec.template.spec.containers[0];
    expect(container.name).toBe(renderer);
    expect(container.image).toMatch(new RegExp(`(^|/)pupitre/${renderer}:`));
    expect(container.envFrom[0].configMapRef.name).toMatch(new RegExp(`^${renderer}-config(-[a-z0-9]{10})?$`));
    // The same pod as the community renderer's but for its names.
    const named = (name: string) => {
      const spec = JSON.parse(
        JSON.stringify(find(objects, 'Deployment', name)!.spec)
          .split(name)
          .join('R'),
      );
      delete spec.template.metadata.labels['pupitre.io/team'];
      return spec;
    };
    expect(named(renderer)).toEqual(named('mfe-community-renderer'));
  });
});

describe('committed files', () => {
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));

  it('hold no Secret object and no secret env file, only examples', () => {
    const all = files(K8S_DIR).filter((f) => !f.includes(`${path.sep}test${path.sep}`));
    for (const f of all.filter((f) => /\.ya?ml$/.test(f)))
      expect([f, /^kind:\s*Secret\s*$/m.test(fs.readFileSync(f, 'utf8'))]).toEqual([f, false]);
    const envFiles = all.filter((f) => f.includes(`${path.sep}secrets${path.sep}`));
    for (const f of envFiles) {
      if (f.endsWith('.env.example')) continue;
      // A developer's real env files may exist locally; git must ignore them.
      expect([f, spawnSync('git', ['check-ignore', '-q', f], { cwd: K8S_DIR }).status]).toEqual([f, 0]);
    }
  });
});
