// The base images pinned by digest (issue #41, supply chain): once the bases are present in the
// local image store (pulled or built by bases.mjs), each one's manifest digest is read from that
// store and the builds get `name:tag@sha256:…` instead of the tag. buildah (--pull-never) then uses
// exactly that image or fails ("image not known"): a tag moved between the pull and the build, or
// a base rebuilt meanwhile, cannot slip in. The pinned references are what the report
// (artifacts/images/images.json) and each SBOM record.
import { podman } from './tools.mjs';

export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** `ref` (with or without a digest already) pinned to `digest`: `name:tag@sha256:…` (the tag kept for the reader). */
export function pinRef(ref, digest) {
  if (!DIGEST_PATTERN.test(digest ?? '')) throw new Error(`${ref}: not an image digest: ${JSON.stringify(digest)}`);
  return `${ref.split('@')[0]}@${digest}`;
}

/** The digest a pinned reference carries, or null. */
export function digestOf(ref) {
  const digest = ref.split('@')[1];
  return digest && DIGEST_PATTERN.test(digest) ? digest : null;
}

/** The manifest digest of an image in the local store (podman's `.Digest`, buildah's FromImageDigest). */
export function localDigest(ref) {
  return podman(['image', 'inspect', '--format', '{{.Digest}}', ref]);
}

/**
 * The base build arguments ({ NODE_IMAGE: ref, … }) pinned by the digests of the local store.
 * Returns { args, digests }: `args` to pass to the builds, `digests` by argument for the report.
 */
export function pinBases(args, lookup = localDigest) {
  const pinned = {};
  const digests = {};
  for (const [key, ref] of Object.entries(args)) {
    let digest;
    try {
      digest = lookup(ref);
    } catch (err) {
      throw new Error(`${key}=${ref}: its digest cannot be read from the local image store (${err.message.split('\n')[0]})`, {
        cause: err,
      });
    }
    pinned[key] = pinRef(ref, digest);
    digests[key] = digest;
  }
  return { args: pinned, digests };
}

/** A base image as a CycloneDX component (type container, an OCI purl naming its digest). */
export function baseComponent(pinned) {
  const digest = digestOf(pinned);
  if (!digest) throw new Error(`${pinned}: not pinned by digest`);
  const name = pinned.split('@')[0];
  const slash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  const repo = colon > slash ? name.slice(0, colon) : name;
  const tag = colon > slash ? name.slice(colon + 1) : undefined;
  const last = repo.slice(repo.lastIndexOf('/') + 1);
  const qualifiers = [`repository_url=${encodeURIComponent(repo)}`, ...(tag ? [`tag=${encodeURIComponent(tag)}`] : [])].join('&');
  return {
    type: 'container',
    'bom-ref': `base:${repo}@${digest}`,
    name: repo,
    version: digest,
    purl: `pkg:oci/${last}@${encodeURIComponent(digest)}?${qualifiers}`,
  };
}
