// podman runs an image as its Kubernetes manifest does (manifests.mjs): read-only root with a tmpfs
// for each emptyDir, all capabilities dropped, no privilege escalation, the manifest's env, its
// ConfigMaps mounted read-only. The user is the image's own (the check compares it with the
// manifest's runAsUser). Services share the host's network (they reach the local database and
// Redis on 127.0.0.1, and listen on a port of their own given as PORT); the static images, which
// all listen on 8080, each get a network namespace of their own (slirp4netns) with their port
// published on 127.0.0.1; one that proxies to a Service by name (the shell to `composer`) gets that
// name in its /etc/hosts as the host's loopback, as slirp4netns shows it (HOST_LOOPBACK).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PODMAN, capture, podman } from './tools.mjs';

/** The host's 127.0.0.1 seen from a slirp4netns namespace that allows it (allow_host_loopback). */
export const HOST_LOOPBACK = '10.0.2.2';

/** ulimits at or under this machine's hard limits (podman's defaults are refused where they exceed them). */
export function ulimits(hard = hardLimits()) {
  return { nofile: Math.min(hard.nofile, 20000), nproc: Math.min(hard.nproc, 4096) };
}

function hardLimits() {
  const [nofile, nproc] = execFileSync('bash', ['-c', 'ulimit -Hn; ulimit -Hu'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((v) => (v === 'unlimited' ? Infinity : Number(v)));
  return { nofile, nproc };
}

/** An env file for `podman run --env-file` (one KEY=value per line; values cannot hold newlines). */
export function envFileText(env) {
  return Object.entries(env)
    .map(([k, v]) => {
      if (/[\r\n]/.test(v)) throw new Error(`${k}: a value on several lines cannot be passed to the container`);
      return `${k}=${v}`;
    })
    .join('\n');
}

/**
 * `podman run` arguments for a manifest's spec.
 * network: 'host' (services) or { publish: hostPort, hosts?: { name: address } } (own namespace,
 * spec.port published on 127.0.0.1; with hosts, those names in its /etc/hosts and the host's
 * loopback reachable at HOST_LOOPBACK).
 * configDirs: { '/etc/pupitre': '/host/dir' } for the ConfigMap mounts (a file for a subPath one).
 * @param {{ spec: any, ref: string, name: string, network: 'host' | { publish: number, hosts?: Record<string, string> }, envFile?: string | null,
 *   configDirs?: Record<string, string>, limits: { nofile: number, nproc: number }, command?: string[] }} options
 * @returns {string[]}
 */
export function runArgs({ spec, ref, name, network, envFile = null, configDirs = {}, limits, command = [] }) {
  const args = ['run', '-d', '--name', name];
  if (network === 'host') args.push('--network', 'host');
  else {
    const hosts = Object.entries(network.hosts ?? {});
    args.push(
      '--network',
      hosts.length ? 'slirp4netns:allow_host_loopback=true' : 'slirp4netns',
      '-p',
      `127.0.0.1:${network.publish}:${spec.port}`,
    );
    for (const [host, address] of hosts) args.push('--add-host', `${host}:${address}`);
  }
  if (spec.readOnlyRoot) args.push('--read-only');
  for (const m of spec.mounts) {
    if (m.kind === 'emptyDir') args.push('--tmpfs', `${m.path}:rw,nosuid,nodev,mode=1777`);
    else if (m.kind === 'configMap') {
      if (!configDirs[m.path]) throw new Error(`${spec.name}: no folder given for the ConfigMap mounted at ${m.path}`);
      args.push('-v', `${configDirs[m.path]}:${m.path}:ro`);
    }
  }
  if (spec.dropAll) args.push('--cap-drop=ALL');
  if (spec.noPrivilegeEscalation) args.push('--security-opt', 'no-new-privileges');
  args.push('--ulimit', `nofile=${limits.nofile}:${limits.nofile}`, '--ulimit', `nproc=${limits.nproc}:${limits.nproc}`);
  if (envFile) args.push('--env-file', envFile);
  args.push(ref, ...command);
  return args;
}

/** Starts a container; returns a handle (logs, host pid, SIGTERM and wait, removal). */
export function startContainer({ spec, ref, name, network, env, configDirs, limits, command, workDir }) {
  const envFile = path.join(workDir, `${name}.env`);
  fs.writeFileSync(envFile, `${envFileText(env)}\n`, { mode: 0o600 });
  podman(runArgs({ spec, ref, name, network, envFile, configDirs, limits, command }));
  return containerHandle(name);
}

export function containerHandle(name) {
  return {
    name,
    logs: (lines = 40) => {
      // Both streams: the services log to stderr, which `podman logs` gives on its own stderr.
      const r = spawnSync('podman', [...PODMAN, 'logs', '--tail', String(lines), name], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      if (r.error || r.status !== 0) return `(no logs: ${r.error?.message ?? r.stderr.trim()})`;
      return `${r.stdout}${r.stderr}`.trim() || '(no log lines)';
    },
    running: () => podman(['inspect', '--format', '{{.State.Running}}', name]) === 'true',
    pid: () => Number(podman(['inspect', '--format', '{{.State.Pid}}', name])),
    /** The uid and gid the container's first process runs as, read from /proc on the host. */
    ids: function () {
      const status = fs.readFileSync(`/proc/${this.pid()}/status`, 'utf8');
      const field = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, 'm').exec(status)[1]);
      return { uid: field('Uid'), gid: field('Gid') };
    },
    /** Sends SIGTERM and waits at most `timeoutSeconds`; resolves to { code, seconds } (code null: still running). */
    terminate: async (timeoutSeconds) => {
      const started = Date.now();
      podman(['kill', '--signal', 'TERM', name]);
      while ((Date.now() - started) / 1000 < timeoutSeconds) {
        const state = podman(['inspect', '--format', '{{.State.Running}} {{.State.ExitCode}}', name]).split(' ');
        if (state[0] === 'false') return { code: Number(state[1]), seconds: (Date.now() - started) / 1000 };
        await new Promise((r) => setTimeout(r, 100));
      }
      return { code: null, seconds: (Date.now() - started) / 1000 };
    },
    remove: () => {
      try {
        podman(['rm', '-f', '-t', '0', name]);
      } catch {
        // already gone
      }
    },
  };
}

/** Runs a container to completion (a Job); resolves to { code, logs }. */
export function runToCompletion({ spec, ref, name, env, limits, command, workDir }) {
  const envFile = path.join(workDir, `${name}.env`);
  fs.writeFileSync(envFile, `${envFileText(env)}\n`, { mode: 0o600 });
  const args = runArgs({ spec, ref, name, network: 'host', envFile, limits, command }).filter((a) => a !== '-d');
  try {
    const out = capture('podman', [...PODMAN, ...args.slice(0, 1), '--rm', ...args.slice(1)], { timeout: 120_000 });
    return { code: 0, logs: out };
  } catch (err) {
    return { code: 1, logs: err.message };
  }
}
