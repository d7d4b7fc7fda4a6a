import { baseComponent, digestOf, pinBases, pinRef } from './base-digests.mjs';

const DIGEST = `sha256:${'ab12'.repeat(16)}`;
const OTHER = `sha256:${'cd34'.repeat(16)}`;

describe('base images pinned by digest', () => {
  it('pins a reference to the digest of the local store, keeping its tag for the reader', () => {
    expect(pinRef('localhost/pupitre-base/node:24-bookworm', DIGEST)).toBe(`localhost/pupitre-base/node:24-bookworm@${DIGEST}`);
    expect(pinRef('docker.io/library/node:24-bookworm-slim', DIGEST)).toBe(`docker.io/library/node:24-bookworm-slim@${DIGEST}`);
  });
  it('replaces a digest the reference already had', () => {
    expect(pinRef(`docker.io/library/nginx@${OTHER}`, DIGEST)).toBe(`docker.io/library/nginx@${DIGEST}`);
  });
  it('refuses what is not a sha256 digest (an empty inspect answer, a tag)', () => {
    expect(() => pinRef('node:24', '')).toThrow('not an image digest');
    expect(() => pinRef('node:24', 'sha256:abc')).toThrow('not an image digest');
    expect(() => pinRef('node:24', '24-bookworm')).toThrow('not an image digest');
  });
  it('reads the digest back from a pinned reference', () => {
    expect(digestOf(`localhost/pupitre-base/node:24-bookworm@${DIGEST}`)).toBe(DIGEST);
    expect(digestOf('localhost/pupitre-base/node:24-bookworm')).toBeNull();
  });
  it('pins every base argument with the digest the store gives for it', () => {
    const store: Record<string, string> = {
      'localhost/pupitre-base/node:24-bookworm': DIGEST,
      'localhost/pupitre-base/nginx-unprivileged:bookworm': OTHER,
    };
    const out = pinBases(
      { NODE_IMAGE: 'localhost/pupitre-base/node:24-bookworm', NGINX_IMAGE: 'localhost/pupitre-base/nginx-unprivileged:bookworm' },
      (ref: string) => store[ref],
    );
    expect(out).toEqual({
      args: {
        NODE_IMAGE: `localhost/pupitre-base/node:24-bookworm@${DIGEST}`,
        NGINX_IMAGE: `localhost/pupitre-base/nginx-unprivileged:bookworm@${OTHER}`,
      },
      digests: { NODE_IMAGE: DIGEST, NGINX_IMAGE: OTHER },
    });
  });
  it('names the base whose digest the store cannot give', () => {
    expect(() =>
      pinBases({ NODE_IMAGE: 'docker.io/library/node:24-bookworm-slim' }, () => {
        throw new Error('podman image inspect… failed: image not known');
      }),
    ).toThrow(
      'NODE_IMAGE=docker.io/library/node:24-bookworm-slim: its digest cannot be read from the local image store (podman image inspect… failed: image not known)',
    );
  });
  it('describes a pinned base as a CycloneDX container component with an OCI purl', () => {
    expect(baseComponent(`docker.io/library/node:24-bookworm-slim@${DIGEST}`)).toEqual({
      type: 'container',
      'bom-ref': `base:docker.io/library/node@${DIGEST}`,
      name: 'docker.io/library/node',
      version: DIGEST,
      purl: `pkg:oci/node@sha256%3A${'ab12'.repeat(16)}?repository_url=docker.io%2Flibrary%2Fnode&tag=24-bookworm-slim`,
    });
    expect(baseComponent(`localhost:5000/base/nginx@${DIGEST}`).purl).toBe(
      `pkg:oci/nginx@sha256%3A${'ab12'.repeat(16)}?repository_url=localhost%3A5000%2Fbase%2Fnginx`,
    );
    expect(() => baseComponent('node:24')).toThrow('not pinned by digest');
  });
});
