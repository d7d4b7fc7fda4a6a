// The workload policy every rendered object must pass. Each violation is a sentence naming the
// object and the container, e.g. "Deployment/auth container auth: no readinessProbe".
//
// For every container (init containers included) of every pod template:
//   - resources: requests and limits of cpu and memory;
//   - securityContext: runAsNonRoot (pod or container), readOnlyRootFilesystem, no privilege
//     escalation, not privileged, all capabilities dropped and none added, no runAsUser 0;
//   - long-running workloads (Deployment, StatefulSet, DaemonSet): readiness and liveness probes;
//     Pupitre's own images probe HTTP /readyz (readiness) and /healthz (liveness);
//   - a termination grace of at most 60 s (short, but set on purpose);
//   - with `pinnedImages`: an explicit tag or digest, never `latest`;
//   - hostPath volumes mounted read-only.
//
// One exception, ROOT_EXCEPTIONS: the log shipper (components/logging/promtail.yaml) runs as uid 0,
// because the container runtimes write the pods' log files as root with mode 0640 or 0600. It is
// excused from runAsNonRoot and uid 0 only, for that DaemonSet and container by name: it keeps every
// other rule (read-only root filesystem, no privilege escalation, all capabilities dropped and none
// added, read-only hostPath mounts), so root reads only the files root owns.
const POD_TEMPLATE_PATHS = {
  Deployment: (o) => o.spec?.template,
  StatefulSet: (o) => o.spec?.template,
  DaemonSet: (o) => o.spec?.template,
  ReplicaSet: (o) => o.spec?.template,
  Job: (o) => o.spec?.template,
  CronJob: (o) => o.spec?.jobTemplate?.spec?.template,
  Pod: (o) => o,
};
const LONG_RUNNING = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet', 'Pod']);
export const MAX_GRACE_SECONDS = 60;
const OWN_IMAGE = /(^|\/)pupitre\//;
export const ROOT_EXCEPTIONS = [{ kind: 'DaemonSet', name: 'promtail', container: 'promtail' }];
const rootExcused = (o, containerName) =>
  ROOT_EXCEPTIONS.some(
    (e) => e.kind === o.kind && e.name === o.metadata?.name && (containerName === undefined || e.container === containerName),
  );

function imageTagProblem(image) {
  if (!image) return 'no image';
  if (image.includes('@sha256:')) return null;
  const lastSegment = image.split('/').pop();
  if (!lastSegment.includes(':')) return `image ${image} has no tag`;
  if (lastSegment.endsWith(':latest')) return `image ${image} uses the tag latest`;
  return null;
}

function probeProblems(c, own) {
  const out = [];
  for (const [kind, wantPath] of [
    ['readinessProbe', '/readyz'],
    ['livenessProbe', '/healthz'],
  ]) {
    const probe = c[kind];
    if (!probe) {
      out.push(`no ${kind}`);
      continue;
    }
    if (own && probe.httpGet?.path !== wantPath) out.push(`${kind} must be an HTTP GET of ${wantPath}`);
  }
  return out;
}

/** @returns {string[]} the violations of the objects (empty when compliant). */
export function checkPolicy(objects, { pinnedImages = false } = {}) {
  const violations = [];
  for (const o of objects) {
    const getTemplate = POD_TEMPLATE_PATHS[o.kind];
    if (!getTemplate) continue;
    const id = `${o.kind}/${o.metadata?.name}`;
    const pod = getTemplate(o)?.spec;
    if (!pod) {
      violations.push(`${id}: no pod template`);
      continue;
    }
    const podSc = pod.securityContext ?? {};
    if (pod.terminationGracePeriodSeconds === undefined) violations.push(`${id}: terminationGracePeriodSeconds not set`);
    else if (pod.terminationGracePeriodSeconds > MAX_GRACE_SECONDS)
      violations.push(`${id}: terminationGracePeriodSeconds over ${MAX_GRACE_SECONDS}`);
    if (podSc.runAsUser === 0 && !rootExcused(o)) violations.push(`${id}: pod runs as uid 0`);
    if (pod.hostNetwork || pod.hostPID || pod.hostIPC) violations.push(`${id}: uses the host's namespaces`);
    const containers = [...(pod.initContainers ?? []), ...(pod.containers ?? [])];
    if (!containers.length) violations.push(`${id}: no containers`);
    for (const c of containers) {
      const where = `${id} container ${c.name}`;
      const sc = c.securityContext ?? {};
      const problems = [];
      for (const kind of ['requests', 'limits']) {
        for (const res of ['cpu', 'memory']) if (!c.resources?.[kind]?.[res]) problems.push(`no ${res} ${kind.slice(0, -1)}`);
      }
      if (!rootExcused(o, c.name)) {
        if (!(sc.runAsNonRoot ?? podSc.runAsNonRoot)) problems.push('runAsNonRoot is not true');
        if ((sc.runAsUser ?? podSc.runAsUser) === 0) problems.push('runs as uid 0');
      }
      const hostPaths = new Set((pod.volumes ?? []).filter((v) => v.hostPath).map((v) => v.name));
      for (const m of c.volumeMounts ?? [])
        if (hostPaths.has(m.name) && m.readOnly !== true) problems.push(`hostPath volume ${m.name} is not read-only`);
      if (sc.readOnlyRootFilesystem !== true) problems.push('root filesystem is not read-only');
      if (sc.allowPrivilegeEscalation !== false) problems.push('allowPrivilegeEscalation is not false');
      if (sc.privileged) problems.push('privileged');
      if (!(sc.capabilities?.drop ?? []).includes('ALL')) problems.push('capabilities not all dropped');
      if ((sc.capabilities?.add ?? []).length) problems.push(`capabilities added: ${sc.capabilities.add.join(', ')}`);
      const isInit = (pod.initContainers ?? []).includes(c);
      if (LONG_RUNNING.has(o.kind) && !isInit) problems.push(...probeProblems(c, OWN_IMAGE.test(c.image ?? '')));
      if (pinnedImages) {
        const p = imageTagProblem(c.image);
        if (p) problems.push(p);
      }
      for (const p of problems) violations.push(`${where}: ${p}`);
    }
  }
  return violations;
}
