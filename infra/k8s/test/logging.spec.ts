// Technical logs are deleted after 30 days (issue #41 item 5, docs/security/retention.md): the
// production overlays ship components/logging, Promtail on every node shipping the namespace's pods'
// stdout to Grafana Loki, whose compactor deletes what is older than its retention_period. The dev
// overlay ships no log store (a developer reads `kubectl logs`).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../../local/lib/paths.mjs';
import { ensureKustomize } from './kustomize.mjs';
import { checkPolicy } from './policy.mjs';
import { find, makeWorkspace, renderVariant } from './render.mjs';
import { type Json } from './types';
import { validateObjects } from './validate.mjs';

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string }; [k: string]: Json };

const PROD = ['prod', 'prod-managed'];
const rendered = new Map<string, Obj[]>();
let ws: ReturnType<typeof makeWorkspace>;

beforeAll(() => {
  const tool = ensureKustomize();
  ws = makeWorkspace();
  for (const overlay of ['dev', ...PROD]) rendered.set(overlay, renderVariant(ws, { name: overlay, overlay, components: [] }, tool));
}, 120_000);

afterAll(() => ws?.cleanup());

/** The privacy policy's period for technical logs, in days ("… are deleted after 30 days"). */
function policyDays(): number {
  const text = fs.readFileSync(path.join(ROOT, 'shell/src/legal/en.ts'), 'utf8');
  const m = /technical logs[^']*?deleted after (\d+) days/.exec(text);
  if (!m) throw new Error('shell/src/legal/en.ts no longer says how long technical logs are kept');
  return Number(m[1]);
}

/** A Loki/Prometheus duration in hours (720h, 30d, 4w). */
function hours(duration: string): number {
  const m = /^(\d+)([hdw])$/.exec(duration);
  if (!m) throw new Error(`duration ${duration}: not handled by this test`);
  return Number(m[1]) * { h: 1, d: 24, w: 168 }[m[2] as 'h' | 'd' | 'w'];
}

/** The file a workload reads from a mounted ConfigMap: the ConfigMap's key, parsed. */
function mountedConfig(objects: Obj[], pod: Json, file: string): Json {
  const container = pod.containers[0];
  const mount = container.volumeMounts.find((m: Json) => file.startsWith(`${m.mountPath}/`));
  const volume = pod.volumes.find((v: Json) => v.name === mount.name);
  const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === volume.configMap.name)!;
  return parse(configMap.data[file.slice(mount.mountPath.length + 1)]);
}

const logging = (objects: Obj[]) =>
  objects.filter((o) =>
    ['loki', 'promtail', 'loki-headless'].some((n) => new RegExp(`^${n}(-config)?(-[a-z0-9]{10})?$`).test(o.metadata.name)),
  );

describe.each(PROD)('technical logs in %s', (overlay) => {
  const objects = () => rendered.get(overlay)!;
  const loki = () => find(objects(), 'StatefulSet', 'loki')!;
  const lokiConfig = () => mountedConfig(objects(), loki().spec.template.spec, '/etc/loki/loki.yaml');

  it('Loki deletes them after 30 days, the privacy policy’s figure: retention_period 720h, the compactor’s retention on', () => {
    expect(policyDays()).toBe(30);
    const config = lokiConfig();
    expect(config.limits_config.retention_period).toBe('720h');
    expect(hours(config.limits_config.retention_period)).toBe(policyDays() * 24);
    expect(config.compactor).toMatchObject({ retention_enabled: true, delete_request_store: 'filesystem' });
    // No tenant may keep its own, longer period.
    expect(config.limits_config.retention_stream).toBeUndefined();
    expect(config.runtime_config).toBeUndefined();
    expect(loki().spec.template.spec.containers[0].args).toContain('-config.file=/etc/loki/loki.yaml');
  });

  it('Loki keeps them on its own volume: schema v13 on tsdb, filesystem storage under the volume’s mount', () => {
    const config = lokiConfig();
    expect(config.schema_config.configs).toEqual([expect.objectContaining({ store: 'tsdb', object_store: 'filesystem', schema: 'v13' })]);
    const pod = loki().spec.template.spec;
    expect(loki().spec.volumeClaimTemplates.map((t: Json) => t.metadata.name)).toEqual(['data']);
    const data = pod.containers[0].volumeMounts.find((m: Json) => m.name === 'data');
    expect(config.common.path_prefix).toBe(data.mountPath);
    for (const dir of [config.common.storage.filesystem.chunks_directory, config.compactor.working_directory])
      expect(dir.startsWith(`${data.mountPath}/`)).toBe(true);
  });

  it('Promtail on every node ships the namespace’s pods’ files, /var/log/pods mounted read-only, to the Loki Service', () => {
    const ds = find(objects(), 'DaemonSet', 'promtail')!;
    const pod = ds.spec.template.spec;
    expect(pod.tolerations).toContainEqual({ operator: 'Exists', effect: 'NoSchedule' });
    const config = mountedConfig(objects(), pod, '/etc/promtail/promtail.yaml');
    // The files: the kubelet's, from the host, read-only.
    const [scrape] = config.scrape_configs;
    expect(config.scrape_configs).toHaveLength(1);
    expect(scrape.kubernetes_sd_configs).toEqual([{ role: 'pod', namespaces: { own_namespace: true } }]);
    const pathRule = scrape.relabel_configs.find((r: Json) => r.target_label === '__path__');
    expect(pathRule.replacement).toMatch(/^\/var\/log\/pods\//);
    const hostVolume = pod.volumes.find((v: Json) => v.hostPath?.path === '/var/log/pods');
    expect(pod.containers[0].volumeMounts).toContainEqual({ name: hostVolume.name, mountPath: '/var/log/pods', readOnly: true });
    expect(pod.volumes.filter((v: Json) => v.hostPath)).toHaveLength(1);
    // To Loki: the client's address is the Service loki, which selects the Loki pod on its port.
    expect(config.clients).toHaveLength(1);
    const url = new URL(config.clients[0].url);
    expect(url.pathname).toBe('/loki/api/v1/push');
    const service = find(objects(), 'Service', url.hostname)!;
    const port = service.spec.ports.find((p: Json) => p.port === Number(url.port));
    expect(Object.entries(service.spec.selector).every(([k, v]) => loki().spec.template.metadata.labels[k] === v)).toBe(true);
    const containerPort = loki().spec.template.spec.containers[0].ports.find((p: Json) => p.name === port.targetPort);
    expect(containerPort.containerPort).toBe(lokiConfig().server.http_listen_port);
    // It discovers this namespace's pods and nothing else.
    expect(pod.serviceAccountName).toBe('promtail');
    expect(find(objects(), 'Role', 'promtail')!.rules).toEqual([{ apiGroups: [''], resources: ['pods'], verbs: ['get', 'list', 'watch'] }]);
    expect(find(objects(), 'RoleBinding', 'promtail')!.subjects).toEqual([
      expect.objectContaining({ kind: 'ServiceAccount', name: 'promtail' }),
    ]);
    expect(objects().filter((o) => /^Cluster/.test(o.kind))).toEqual([]);
  });

  it('the logging objects validate offline and pass the policy, Promtail as its one root exception (uid 0, no capability)', () => {
    const mine = logging(objects());
    expect(mine.map((o) => `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort()).toEqual([
      'ConfigMap/loki-config',
      'ConfigMap/promtail-config',
      'DaemonSet/promtail',
      'NetworkPolicy/loki',
      'NetworkPolicy/promtail',
      'Role/promtail',
      'RoleBinding/promtail',
      'Service/loki',
      'Service/loki-headless',
      'ServiceAccount/promtail',
      'StatefulSet/loki',
    ]);
    expect(validateObjects(mine).flatMap((r: { errors: string[] }, i: number) => r.errors.map((e) => `${mine[i].kind}: ${e}`))).toEqual([]);
    expect(checkPolicy(mine, { pinnedImages: true })).toEqual([]);
    expect(loki().spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
    const promtail = find(objects(), 'DaemonSet', 'promtail')!.spec.template.spec.containers[0];
    expect(promtail.securityContext).toMatchObject({
      runAsUser: 0,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
    });
    expect(promtail.securityContext.capabilities.add).toBeUndefined();
    for (const [image, pod] of [
      ['grafana/loki:', loki().spec.template.spec],
      ['grafana/promtail:', find(objects(), 'DaemonSet', 'promtail')!.spec.template.spec],
    ]) {
      expect(pod.containers[0].image).toMatch(new RegExp(`^${image}\\d+\\.\\d+\\.\\d+$`));
      expect(pod.containers[0].readinessProbe.httpGet.path).toBe('/ready');
    }
  });

  it('Loki is reached on 3100 only by Promtail and pods labelled pupitre.io/logs-reader=true; Promtail only reaches Loki and the API', () => {
    const policy = (name: string) => find(objects(), 'NetworkPolicy', name)!.spec;
    expect(objects().some((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'default-deny-all')).toBe(true);
    expect(policy('loki')).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'loki' } },
      policyTypes: ['Ingress', 'Egress'],
      ingress: [
        {
          from: [
            { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'promtail' } } },
            { namespaceSelector: {}, podSelector: { matchLabels: { 'pupitre.io/logs-reader': 'true' } } },
          ],
          ports: [{ protocol: 'TCP', port: 3100 }],
        },
      ],
      egress: [],
    });
    const promtail = policy('promtail');
    expect(promtail.ingress).toEqual([]);
    expect(promtail.egress[0]).toEqual({
      to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'loki' } } }],
      ports: [{ protocol: 'TCP', port: 3100 }],
    });
    expect(promtail.egress[1].ports.map((p: Json) => p.port)).toEqual([443, 6443]);
  });
});

it('the dev overlay ships no log store: a developer reads `kubectl logs`', () => {
  expect(logging(rendered.get('dev')!)).toEqual([]);
});
