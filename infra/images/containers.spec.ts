import { HOST_LOOPBACK, envFileText, runArgs, ulimits } from './containers.mjs';

const spec = {
  name: 'auth',
  port: 3001,
  readOnlyRoot: true,
  dropAll: true,
  noPrivilegeEscalation: true,
  mounts: [
    { path: '/tmp', kind: 'emptyDir' },
    { path: '/etc/pupitre', kind: 'configMap' },
  ],
};

describe('podman run as the manifest runs it', () => {
  it('hardens the container as the securityContext asks, with a tmpfs per emptyDir and ConfigMaps read-only', () => {
    const args = runArgs({
      spec,
      ref: 'localhost/pupitre/auth:abc',
      name: 'c1',
      network: 'host',
      envFile: '/w/c1.env',
      configDirs: { '/etc/pupitre': '/w/cfg' },
      limits: { nofile: 20000, nproc: 4096 },
    });
    expect(args).toEqual([
      'run', '-d', '--name', 'c1', '--network', 'host', '--read-only',
      '--tmpfs', '/tmp:rw,nosuid,nodev,mode=1777', '-v', '/w/cfg:/etc/pupitre:ro',
      '--cap-drop=ALL', '--security-opt', 'no-new-privileges',
      '--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=4096:4096',
      '--env-file', '/w/c1.env', 'localhost/pupitre/auth:abc',
    ]); // prettier-ignore
  });
  it('publishes the manifest port on 127.0.0.1 in a namespace of its own', () => {
    const args = runArgs({
      spec: { ...spec, port: 8080, mounts: [] },
      ref: 'r',
      name: 'c2',
      network: { publish: 41000 },
      limits: { nofile: 1, nproc: 1 },
    });
    expect(args.slice(4, 8)).toEqual(['--network', 'slirp4netns', '-p', '127.0.0.1:41000:8080']);
  });
  it('resolves Service names to the host’s loopback, which the namespace may then reach', () => {
    const args = runArgs({
      spec: { ...spec, port: 8080, mounts: [{ path: '/etc/nginx/shell-pages.conf', kind: 'configMap', subPath: 'shell-pages.conf' }] },
      ref: 'r',
      name: 'c3',
      network: { publish: 41000, hosts: { composer: HOST_LOOPBACK } },
      configDirs: { '/etc/nginx/shell-pages.conf': '/w/shell-pages.conf' },
      limits: { nofile: 1, nproc: 1 },
    });
    expect(args.slice(4, 12)).toEqual([
      '--network', 'slirp4netns:allow_host_loopback=true', '-p', '127.0.0.1:41000:8080',
      '--add-host', 'composer:10.0.2.2', '--read-only', '-v',
    ]); // prettier-ignore
    expect(args[12]).toBe('/w/shell-pages.conf:/etc/nginx/shell-pages.conf:ro');
  });
  it('asks for a folder for each ConfigMap mount', () => {
    expect(() => runArgs({ spec, ref: 'r', name: 'c', network: 'host', limits: { nofile: 1, nproc: 1 } })).toThrow(
      'no folder given for the ConfigMap mounted at /etc/pupitre',
    );
  });
  it('keeps ulimits at or under the hard limits', () => {
    expect(ulimits({ nofile: 1024, nproc: Infinity })).toEqual({ nofile: 1024, nproc: 4096 });
    expect(ulimits({ nofile: 1048576, nproc: 96365 })).toEqual({ nofile: 20000, nproc: 4096 });
  });
  it('writes env files, refusing values on several lines', () => {
    expect(envFileText({ A: '1', B: 'x=y' })).toBe('A=1\nB=x=y');
    expect(() => envFileText({ K: 'a\nb' })).toThrow('K: a value on several lines');
  });
});
