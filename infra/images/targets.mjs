// Every image of the project: one target of infra/docker/*.Dockerfile each, named as the
// kustomize bases name them (`pupitre/<name>`, given a tag by each overlay's `images:`).
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/lib/paths.mjs';

const NODE_FILE = 'infra/docker/node-service.Dockerfile';
const STATIC_FILE = 'infra/docker/static.Dockerfile';
const FRONT_SERVER_FILE = 'infra/docker/node-front-server.Dockerfile';

/**
 * kind: `node` (a service on Node 24), `static` (nginx serving built files) or `front-server` (a
 * front end's server bundle on Node 24, no node_modules: the composer, the remotes' renderers);
 * workspace: the npm workspace whose production dependencies the image carries (its SBOM; a
 * front-server bundles them);
 * deployment: its Deployment in infra/k8s/base;
 * remote: for a remote's renderer, the remote it renders (its name in the composer's RENDERERS).
 * @type {{ name: string, dockerfile: string, target: string, kind: string, workspace: string, remote?: string, deployment: string }[]}
 */
export const IMAGES = [
  { name: 'auth', dockerfile: NODE_FILE, target: 'auth', kind: 'node', workspace: 'services/auth' },
  { name: 'rating-api', dockerfile: NODE_FILE, target: 'rating-api', kind: 'node', workspace: 'services/rating' },
  { name: 'rating-worker', dockerfile: NODE_FILE, target: 'rating-worker', kind: 'node', workspace: 'services/rating' },
  { name: 'shell', dockerfile: STATIC_FILE, target: 'shell', kind: 'static', workspace: 'shell' },
  { name: 'mfe-community', dockerfile: STATIC_FILE, target: 'mfe-community', kind: 'static', workspace: 'mfe-community' },
  { name: 'mfe-review', dockerfile: STATIC_FILE, target: 'mfe-review', kind: 'static', workspace: 'mfe-review' },
  { name: 'mfe-account', dockerfile: STATIC_FILE, target: 'mfe-account', kind: 'static', workspace: 'mfe-account' },
  { name: 'composer', dockerfile: FRONT_SERVER_FILE, target: 'composer', kind: 'front-server', workspace: 'shell' },
  // Each remote's renderer (its server bundle), deployed from the renderers' shared definition.
  ...['community', 'review', 'account'].map((remote) => ({
    name: `mfe-${remote}-renderer`,
    dockerfile: FRONT_SERVER_FILE,
    target: `mfe-${remote}-renderer`,
    kind: 'front-server',
    workspace: `mfe-${remote}`,
    remote,
  })),
].map((image) => ({ ...image, deployment: image.name }));

/** The remotes' renderers, in the order of the composer's RENDERERS. */
export const RENDERER_IMAGES = IMAGES.filter((i) => i.remote);

/** The base-image build argument an image of `kind` runs on. */
export const baseArgOf = (kind) => (kind === 'static' ? 'NGINX_IMAGE' : 'NODE_IMAGE');

/** The repository of an image as the kustomize bases name it; podman stores it under localhost/. */
export const repository = (name) => `localhost/pupitre/${name}`;
export const imageRef = (name, tag) => `${repository(name)}:${tag}`;

/** Local stand-ins for the official bases, built from Debian packages (bases.mjs). Never official names. */
export const LOCAL_BASES = {
  NODE_IMAGE: 'localhost/pupitre-base/node:24-bookworm',
  NGINX_IMAGE: 'localhost/pupitre-base/nginx-unprivileged:bookworm',
};

/** The base-image build arguments a Dockerfile declares, with their defaults (the official images). */
export function baseArgs(dockerfile, root = ROOT) {
  const text = fs.readFileSync(path.join(root, dockerfile), 'utf8');
  const args = {};
  for (const line of text.split('\n')) {
    if (/^\s*FROM\s/i.test(line)) break; // only the global ARGs, before the first stage
    const m = /^\s*ARG\s+([A-Z_]+_IMAGE)=(\S+)\s*$/.exec(line);
    if (m) args[m[1]] = m[2];
  }
  return args;
}

/**
 * Picks images by name from a comma-separated list (all when empty); an unknown name is an error
 * that lists the known ones.
 */
export function selectImages(list) {
  if (!list) return IMAGES;
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !IMAGES.some((i) => i.name === n));
  if (unknown.length) throw new Error(`unknown image ${unknown.join(', ')}: choose among ${IMAGES.map((i) => i.name).join(', ')}`);
  return IMAGES.filter((i) => names.includes(i.name));
}
