// How Kubernetes runs each image, read from the rendered kustomize output (infra/k8s/test/render.mjs):
// the container's environment (envFrom and env, ConfigMap and Secret references and $(VAR)
// expansion resolved as the kubelet does), ports, user, probes, read-only root, dropped
// capabilities, termination grace, and the ConfigMaps it mounts. `npm run images:check` starts the
// containers from this, so the check follows the manifests.

const decode = (secret, key) => {
  if (secret.stringData?.[key] !== undefined) return String(secret.stringData[key]);
  if (secret.data?.[key] !== undefined) return Buffer.from(String(secret.data[key]), 'base64').toString('utf8');
  return undefined;
};

/** The object of `kind` named `name` (kustomize may add a hash suffix to generated ones). */
function lookup(objects, kind, name) {
  return objects.find((o) => o.kind === kind && o.metadata?.name === name) ?? null;
}

/** Expands $(VAR) from the variables defined so far; $$(VAR) escapes; unknown ones stay as written. */
export function expand(value, vars) {
  return String(value).replace(/\$\$|\$\(([A-Za-z_][A-Za-z0-9_.-]*)\)/g, (m, name) => {
    if (m === '$$') return '$';
    return Object.hasOwn(vars, name) ? vars[name] : m;
  });
}

/**
 * A container's environment as the kubelet builds it: envFrom first, then env in order. A missing
 * reference that is not optional is an error naming it.
 */
export function resolveEnv(container, objects) {
  /** @type {Record<string, string>} */
  const vars = {};
  const source = (kind, name) => {
    const o = lookup(objects, kind, name);
    return o;
  };
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const o = source(kind, ref.name);
    if (!o) {
      if (ref.optional) continue;
      throw new Error(`${container.name}: envFrom ${kind} ${ref.name} is not in the render`);
    }
    const keys = kind === 'ConfigMap' ? Object.keys(o.data ?? {}) : [...Object.keys(o.data ?? {}), ...Object.keys(o.stringData ?? {})];
    for (const key of keys) vars[`${from.prefix ?? ''}${key}`] = kind === 'ConfigMap' ? String(o.data[key]) : decode(o, key);
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) {
      vars[e.name] = expand(e.value, vars);
      continue;
    }
    const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
    if (!ref) continue; // fieldRef / resourceFieldRef: not used by the manifests here
    const kind = e.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
    const o = source(kind, ref.name);
    const value = o ? (kind === 'ConfigMap' ? o.data?.[ref.key] : decode(o, ref.key)) : undefined;
    if (value === undefined) {
      if (ref.optional) continue;
      throw new Error(`${container.name}: ${e.name} needs ${kind} ${ref.name} key ${ref.key}, which the render does not have`);
    }
    vars[e.name] = String(value);
  }
  return vars;
}

const probePath = (probe) => probe?.httpGet?.path ?? null;

/** Everything `images:check` needs about the Deployment `name`: see the file's comment. */
export function deploymentSpec(objects, name) {
  const d = objects.find((o) => o.kind === 'Deployment' && o.metadata?.name === name);
  if (!d) throw new Error(`no Deployment ${name} in the render`);
  const pod = d.spec.template.spec;
  const c = pod.containers[0];
  const sc = c.securityContext ?? {};
  const mounts = (c.volumeMounts ?? []).map((m) => {
    const volume = (pod.volumes ?? []).find((v) => v.name === m.name) ?? {};
    const configMap = volume.configMap ? lookup(objects, 'ConfigMap', volume.configMap.name) : null;
    return {
      path: m.mountPath,
      // A subPath mount is one file (or folder) of the volume at that path.
      subPath: m.subPath ?? null,
      readOnly: Boolean(m.readOnly),
      kind: volume.emptyDir ? 'emptyDir' : volume.configMap ? 'configMap' : 'other',
      files: configMap ? { ...(configMap.data ?? {}) } : undefined,
    };
  });
  return {
    name,
    image: c.image,
    env: resolveEnv(c, objects),
    port: c.ports?.[0]?.containerPort ?? null,
    user: pod.securityContext?.runAsUser ?? sc.runAsUser ?? null,
    group: pod.securityContext?.runAsGroup ?? sc.runAsGroup ?? null,
    runAsNonRoot: Boolean(pod.securityContext?.runAsNonRoot ?? sc.runAsNonRoot),
    readOnlyRoot: Boolean(sc.readOnlyRootFilesystem),
    dropAll: (sc.capabilities?.drop ?? []).includes('ALL'),
    noPrivilegeEscalation: sc.allowPrivilegeEscalation === false,
    graceSeconds: pod.terminationGracePeriodSeconds ?? 30,
    preStopSleep: c.lifecycle?.preStop?.sleep?.seconds ?? 0,
    probes: { startup: probePath(c.startupProbe), readiness: probePath(c.readinessProbe), liveness: probePath(c.livenessProbe) },
    mounts,
  };
}
