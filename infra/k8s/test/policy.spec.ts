// The policy checker catches what it must (tested on a bad fixture) and passes a compliant workload.
import fs from 'node:fs';
import path from 'node:path';
import { checkPolicy } from './policy.mjs';
import { parseObjects } from './render.mjs';

const fixture = parseObjects(fs.readFileSync(path.join(__dirname, 'fixtures/bad-workloads.yaml'), 'utf8'));
const only = (name: string) => fixture.filter((o: { metadata: { name: string } }) => o.metadata.name === name);

describe('workload policy checker', () => {
  it('flags a container without probes', () => {
    expect(checkPolicy(only('no-probes'))).toEqual([
      'Deployment/no-probes container app: no readinessProbe',
      'Deployment/no-probes container app: no livenessProbe',
    ]);
  });

  it('flags a container without limits', () => {
    expect(checkPolicy(only('no-limits'))).toEqual([
      'Deployment/no-limits container app: no cpu limit',
      'Deployment/no-limits container app: no memory limit',
    ]);
  });

  it('flags a container that may run as root', () => {
    expect(checkPolicy(only('root'))).toEqual(['StatefulSet/root container app: runAsNonRoot is not true']);
  });

  it('flags a writable root filesystem', () => {
    expect(checkPolicy(only('writable-root'))).toEqual(['Deployment/writable-root container app: root filesystem is not read-only']);
  });

  it('wants HTTP /readyz and /healthz probes on Pupitre images', () => {
    expect(checkPolicy(only('wrong-probe-paths'))).toEqual([
      'Deployment/wrong-probe-paths container app: readinessProbe must be an HTTP GET of /readyz',
      'Deployment/wrong-probe-paths container app: livenessProbe must be an HTTP GET of /healthz',
    ]);
  });

  it('flags privileges, kept capabilities, a long grace and unpinned images', () => {
    expect(checkPolicy(only('capabilities-and-grace'), { pinnedImages: true })).toEqual([
      'Deployment/capabilities-and-grace: terminationGracePeriodSeconds over 60',
      'Deployment/capabilities-and-grace container app: allowPrivilegeEscalation is not false',
      'Deployment/capabilities-and-grace container app: privileged',
      'Deployment/capabilities-and-grace container app: capabilities not all dropped',
      'Deployment/capabilities-and-grace container app: capabilities added: NET_ADMIN',
      'Deployment/capabilities-and-grace container app: image pupitre/auth:latest uses the tag latest',
    ]);
  });

  it('passes once a workload is fixed', () => {
    const fixed = structuredClone(only('no-limits'));
    fixed[0].spec.template.spec.containers[0].resources.limits = { cpu: '100m', memory: '100Mi' };
    expect(checkPolicy(fixed)).toEqual([]);
  });

  // The log shipper's exception (components/logging/promtail.yaml): uid 0, by name, and nothing else.
  const shipper = (kind: string, name: string, container = name) => ({
    apiVersion: 'apps/v1',
    kind,
    metadata: { name },
    spec: {
      template: {
        spec: {
          terminationGracePeriodSeconds: 30,
          securityContext: { runAsNonRoot: false, runAsUser: 0 },
          containers: [
            {
              name: container,
              image: 'grafana/promtail:3.4.2',
              resources: { requests: { cpu: '50m', memory: '64Mi' }, limits: { cpu: '500m', memory: '256Mi' } },
              securityContext: { readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } },
              readinessProbe: { httpGet: { path: '/ready', port: 9080 } },
              livenessProbe: { tcpSocket: { port: 9080 } },
              volumeMounts: [{ name: 'pods-logs', mountPath: '/var/log/pods', readOnly: true }],
            },
          ],
          volumes: [{ name: 'pods-logs', hostPath: { path: '/var/log/pods' } }],
        },
      },
    },
  });

  it('lets the log shipper, DaemonSet/promtail, run as uid 0, and no other workload or container', () => {
    expect(checkPolicy([shipper('DaemonSet', 'promtail')], { pinnedImages: true })).toEqual([]);
    expect(checkPolicy([shipper('DaemonSet', 'fluent-bit')])).toEqual([
      'DaemonSet/fluent-bit: pod runs as uid 0',
      'DaemonSet/fluent-bit container fluent-bit: runAsNonRoot is not true',
      'DaemonSet/fluent-bit container fluent-bit: runs as uid 0',
    ]);
    expect(checkPolicy([shipper('Deployment', 'promtail')])).toContain('Deployment/promtail: pod runs as uid 0');
    expect(checkPolicy([shipper('DaemonSet', 'promtail', 'sidecar')])).toEqual([
      'DaemonSet/promtail container sidecar: runAsNonRoot is not true',
      'DaemonSet/promtail container sidecar: runs as uid 0',
    ]);
  });

  it('keeps every other rule for the log shipper: a capability added or a writable hostPath is flagged', () => {
    const bad = shipper('DaemonSet', 'promtail');
    const c = bad.spec.template.spec.containers[0] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    c.securityContext.capabilities.add = ['DAC_READ_SEARCH'];
    c.volumeMounts[0].readOnly = false;
    expect(checkPolicy([bad])).toEqual([
      'DaemonSet/promtail container promtail: hostPath volume pods-logs is not read-only',
      'DaemonSet/promtail container promtail: capabilities added: DAC_READ_SEARCH',
    ]);
  });

  it('ignores objects without pods', () => {
    expect(checkPolicy([{ apiVersion: 'v1', kind: 'Service', metadata: { name: 's' } }])).toEqual([]);
  });
});
