// Renders infra/k8s for the tests: every overlay, alone and with every combination of the
// components that can be added on top of it, from a temporary copy of infra/k8s in which the dev
// overlay's secrets/*.env.example are copied to secrets/*.env (the real, git-ignored env files are
// never read or written).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ROOT } from '../../local/lib/paths.mjs';
import { ensureKustomize, kustomizeBuild } from './kustomize.mjs';

export const K8S_DIR = path.join(ROOT, 'infra/k8s');
export const OVERLAYS = ['dev', 'prod', 'prod-managed'];
/** Components added on top of an overlay (the swaps of managed stores, queue-depth autoscaling). */
export const ADD_ON_COMPONENTS = ['mongodb-managed', 'redis-managed', 'worker-queue-autoscaling'];
/** Components already inside an overlay cannot be added again. */
const ALREADY_IN = { 'prod-managed': ['mongodb-managed', 'redis-managed'] };

/** Every subset of a list, the empty one first. */
export function subsets(list) {
  return list.reduce((acc, item) => [...acc, ...acc.map((s) => [...s, item])], [[]]);
}

/** Every variant to render: { name, overlay, components }. */
export function variants() {
  const out = [];
  for (const overlay of OVERLAYS) {
    const addable = ADD_ON_COMPONENTS.filter((c) => !(ALREADY_IN[overlay] ?? []).includes(c));
    for (const components of subsets(addable)) {
      out.push({ name: [overlay, ...components].join('+'), overlay, components });
    }
  }
  return out;
}

/** A throw-away copy of infra/k8s (without tools/ and test/) with the dev secrets examples as env files. */
export function makeWorkspace() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pupitre-k8s-'));
  const k8s = path.join(dir, 'k8s');
  fs.cpSync(K8S_DIR, k8s, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(K8S_DIR, src);
      return !/^(tools|test)(\/|$)/.test(rel) && !/secrets\/[^/]+\.env$/.test(rel);
    },
  });
  for (const secretsDir of findDirs(k8s, 'secrets')) {
    for (const f of fs.readdirSync(secretsDir)) {
      if (f.endsWith('.env.example')) fs.copyFileSync(path.join(secretsDir, f), path.join(secretsDir, f.replace(/\.example$/, '')));
    }
  }
  return { root: dir, k8s, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function findDirs(dir, name) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const full = path.join(dir, e.name);
    if (e.name === name) out.push(full);
    out.push(...findDirs(full, name));
  }
  return out;
}

/** Parses a YAML stream into plain objects (empty documents dropped). */
export function parseObjects(text) {
  return parseAllDocuments(text)
    .map((doc) => {
      if (doc.errors.length) throw new Error(`invalid YAML: ${doc.errors[0].message}`);
      return doc.toJS();
    })
    .filter((o) => o && typeof o === 'object');
}

/** Renders one variant inside a workspace; returns its objects. */
export function renderVariant(ws, variant, tool = ensureKustomize()) {
  let dir = path.join(ws.k8s, 'overlays', variant.overlay);
  if (variant.components.length) {
    dir = path.join(ws.root, 'variants', variant.name);
    fs.mkdirSync(dir, { recursive: true });
    const rel = (p) => path.relative(dir, p);
    const lines = [
      'apiVersion: kustomize.config.k8s.io/v1beta1',
      'kind: Kustomization',
      'resources:',
      `  - ${rel(path.join(ws.k8s, 'overlays', variant.overlay))}`,
      'components:',
      ...variant.components.map((c) => `  - ${rel(path.join(ws.k8s, 'components', c))}`),
    ];
    fs.writeFileSync(path.join(dir, 'kustomization.yaml'), `${lines.join('\n')}\n`);
  }
  return parseObjects(kustomizeBuild(dir, tool));
}

/** Renders a directory of the workspace (e.g. `base` or `overlays/prod`). */
export function renderDir(ws, rel, tool = ensureKustomize()) {
  return parseObjects(kustomizeBuild(path.join(ws.k8s, rel), tool));
}

export const key = (o) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;
export const find = (objects, kind, name) =>
  objects.find((o) => o.kind === kind && new RegExp(`^${name}(-[a-z0-9]{10})?$`).test(o.metadata?.name ?? ''));
