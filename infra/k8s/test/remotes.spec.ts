// Independent deployment of the micro-frontends: the remotes file the shell reads is a ConfigMap,
// and shipping one remote (its image tag and its line of the remotes file) changes nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../local/lib/paths.mjs';
import { ensureKustomize } from './kustomize.mjs';
import { K8S_DIR, find, key, makeWorkspace, renderDir } from './render.mjs';
import { type Json } from './types';

type Obj = { kind: string; metadata: { name: string; namespace?: string }; spec?: Json; data?: Json };
const REMOTES = { community: 'mfe-community', review: 'mfe-review', account: 'mfe-account' } as const;

let ws: ReturnType<typeof makeWorkspace>;
let tool: ReturnType<typeof ensureKustomize>;
beforeAll(() => {
  tool = ensureKustomize();
  ws = makeWorkspace();
}, 300_000);
afterAll(() => ws?.cleanup());

const remotesOf = (objects: Obj[]) => JSON.parse(find(objects, 'ConfigMap', 'shell-remotes')!.data['remotes.json']);

/** Objects that differ between two renders, by kind/namespace/name. */
function changed(before: Obj[], after: Obj[]): string[] {
  const index = (list: Obj[]) => new Map(list.map((o) => [key(o), JSON.stringify(o)]));
  const a = index(before);
  const b = index(after);
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
}

/** Ships a new build of mfe-review in an overlay of the workspace, as its team would. */
function shipReview(overlay: string, { tag, line }: { tag?: string; line?: string }) {
  const dir = path.join(ws.k8s, 'overlays', overlay);
  if (tag) {
    const file = path.join(dir, 'kustomization.yaml');
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(/(- name: pupitre\/mfe-review\n(?: {4}newName: .*\n)? {4}newTag: ).*/, `$1${tag}`);
    expect(next).not.toBe(text);
    fs.writeFileSync(file, next);
  }
  if (line) {
    const file = path.join(dir, 'remotes.json');
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(/"review": ".*"/, `"review": "${line}"`);
    expect(next).not.toBe(text);
    fs.writeFileSync(file, next);
  }
}

describe('the remotes file', () => {
  it.each(['dev', 'prod'])('is the ConfigMap shell-remotes in %s, with the three remotes under /mfe/<name>/', (overlay) => {
    const objects = renderDir(ws, `overlays/${overlay}`, tool);
    const remotes = remotesOf(objects);
    expect(Object.keys(remotes).sort()).toEqual(['account', 'community', 'review']);
    for (const [name] of Object.entries(REMOTES)) {
      expect(remotes[name]).toMatch(new RegExp(`^/mfe/${name}/mf-manifest\\.json(\\?v=[\\w.-]+)?$`));
    }
    // A fixed name: editing it neither renames it nor changes the shell's Deployment.
    expect(find(objects, 'ConfigMap', 'shell-remotes')!.metadata.name).toBe('shell-remotes');
    // The shell's runtime configuration travels beside it, served as /config.json.
    expect(JSON.parse(find(objects, 'ConfigMap', 'shell-remotes')!.data['config.json'])).toEqual(expect.any(Object));
  });

  it('is mounted into the shell as a directory (so edits reach running pods) where nginx serves /remotes.json', () => {
    const objects = renderDir(ws, 'overlays/prod', tool);
    const pod = find(objects, 'Deployment', 'shell')!.spec.template.spec;
    const volume = pod.volumes.find((v: Json) => v.configMap?.name === 'shell-remotes');
    expect(volume).toBeDefined();
    const mount = pod.containers[0].volumeMounts.find((m: Json) => m.name === volume.name);
    expect(mount).toEqual({ name: volume.name, mountPath: '/etc/pupitre', readOnly: true });
    const nginx = fs.readFileSync(path.join(ROOT, 'infra/docker/nginx/shell.conf'), 'utf8');
    expect(nginx).toMatch(/location = \/remotes\.json \{\s*alias \/etc\/pupitre\/remotes\.json;/);
    expect(nginx).toMatch(/location = \/remotes\.json \{[^}]*Cache-Control "no-cache"/);
    expect(nginx).toMatch(/location = \/config\.json \{\s*alias \/etc\/pupitre\/config\.json;[^}]*Cache-Control "no-store"/);
  });

  it.each(['base/shell/remotes.json', 'overlays/prod/remotes.json', 'overlays/dev/remotes.json'])(
    '%s: a remote served from another origin carries its hashes (issue #41: $integrity, entry and manifest)',
    (file) => {
      const full = path.join(K8S_DIR, file);
      if (!fs.existsSync(full)) return;
      const remotes = JSON.parse(fs.readFileSync(full, 'utf8')) as Record<string, unknown>;
      const integrity = (remotes.$integrity ?? {}) as Record<string, unknown>;
      for (const [name, url] of Object.entries(remotes)) {
        if (name.startsWith('$') || typeof url !== 'string' || url.startsWith('/')) continue;
        expect({ name, integrity: integrity[name] }).toEqual({
          name,
          integrity: { entry: expect.stringMatching(/^sha(256|384|512)-/), manifest: expect.stringMatching(/^sha(256|384|512)-/) },
        });
      }
    },
  );

  it('has the same defaults in the base as the local stack (infra/local/remotes.json)', () => {
    const read = (p: string) => JSON.parse(fs.readFileSync(p, 'utf8'));
    expect(read(path.join(K8S_DIR, 'base/shell/remotes.json'))).toEqual(read(path.join(ROOT, 'infra/local/remotes.json')));
  });
});

describe.each(['dev', 'prod'])('shipping mfe-review alone in %s', (overlay) => {
  it('changing its image tag and its remotes line touches only its Deployment and that line', () => {
    const before = renderDir(ws, `overlays/${overlay}`, tool);
    shipReview(overlay, { tag: '9.9.9', line: '/mfe/review/mf-manifest.json?v=9.9.9' });
    const after = renderDir(ws, `overlays/${overlay}`, tool);

    const ns = find(before, 'Deployment', 'shell')!.metadata.namespace;
    expect(changed(before, after)).toEqual([`ConfigMap/${ns}/shell-remotes`, `Deployment/${ns}/mfe-review`]);

    // The Deployment: only the image.
    const d0 = find(before, 'Deployment', 'mfe-review')!;
    const d1 = find(after, 'Deployment', 'mfe-review')!;
    expect(d1.spec.template.spec.containers[0].image).toMatch(/pupitre\/mfe-review:9\.9\.9$/);
    d1.spec.template.spec.containers[0].image = d0.spec.template.spec.containers[0].image;
    expect(d1).toEqual(d0);

    // The remotes file: only the review line.
    const r0 = remotesOf(before);
    const r1 = remotesOf(after);
    expect(r1.review).toBe('/mfe/review/mf-manifest.json?v=9.9.9');
    expect({ ...r1, review: r0.review }).toEqual(r0);
  });

  it('rolling back (the previous tag and line) restores exactly the previous render', () => {
    const current = renderDir(ws, `overlays/${overlay}`, tool);
    const previousTag = find(current, 'Deployment', 'mfe-review')!.spec.template.spec.containers[0].image.split(':').pop();
    const previousLine = remotesOf(current).review;
    shipReview(overlay, { tag: '10.0.0', line: '/mfe/review/mf-manifest.json?v=10.0.0' });
    shipReview(overlay, { tag: previousTag, line: previousLine });
    expect(changed(current, renderDir(ws, `overlays/${overlay}`, tool))).toEqual([]);
  });
});
