import { IMAGES, LOCAL_BASES, RENDERER_IMAGES, baseArgs, selectImages } from './targets.mjs';
import { qualify } from './bases.mjs';
import { overlayImageNames } from './overlay-names.mjs';

describe('the images and their bases', () => {
  it('keeps the official bases as the Dockerfiles’ defaults', () => {
    expect(baseArgs('infra/docker/node-service.Dockerfile')).toEqual({ NODE_IMAGE: 'node:24-bookworm-slim' });
    expect(baseArgs('infra/docker/node-front-server.Dockerfile')).toEqual({ NODE_IMAGE: 'node:24-bookworm-slim' });
    expect(baseArgs('infra/docker/static.Dockerfile')).toEqual({
      NODE_IMAGE: 'node:24-bookworm-slim',
      NGINX_IMAGE: 'nginxinc/nginx-unprivileged:1.29-alpine',
    });
  });
  it('names the local stand-ins under localhost/pupitre-base/, never with an official name', () => {
    for (const ref of Object.values(LOCAL_BASES)) {
      expect(ref).toMatch(/^localhost\/pupitre-base\//);
      expect(qualify(ref)).toBe(ref);
    }
  });
  it('spells out Docker Hub references', () => {
    expect(qualify('node:24-bookworm-slim')).toBe('docker.io/library/node:24-bookworm-slim');
    expect(qualify('nginxinc/nginx-unprivileged:1.29-alpine')).toBe('docker.io/nginxinc/nginx-unprivileged:1.29-alpine');
    expect(qualify('registry.example.org/pupitre/auth:1.0.0')).toBe('registry.example.org/pupitre/auth:1.0.0');
  });
  it('builds one image per Deployment, picked by name', () => {
    expect(IMAGES.map((i) => i.name)).toEqual([
      'auth',
      'rating-api',
      'rating-worker',
      'shell',
      'mfe-community',
      'mfe-review',
      'mfe-account',
      'composer',
      'mfe-community-renderer',
      'mfe-review-renderer',
      'mfe-account-renderer',
    ]);
    expect(RENDERER_IMAGES.map((i) => [i.name, i.remote, i.workspace])).toEqual([
      ['mfe-community-renderer', 'community', 'mfe-community'],
      ['mfe-review-renderer', 'review', 'mfe-review'],
      ['mfe-account-renderer', 'account', 'mfe-account'],
    ]);
    expect(selectImages('shell, auth').map((i) => i.name)).toEqual(['auth', 'shell']);
    expect(() => selectImages('auth,web')).toThrow('unknown image web: choose among auth, rating-api');
  });
  it('knows the names each overlay renders for every image', () => {
    const names = overlayImageNames();
    for (const image of IMAGES) {
      expect(names[`pupitre/${image.name}`]).toEqual({
        dev: `pupitre/${image.name}:dev`,
        prod: expect.stringMatching(new RegExp(`/pupitre/${image.name}:`)),
      });
    }
  });
});
