// The tag of the images: the git commit they were built from, so the same commit always gives the
// same tag (`-dirty` when the work tree had changes that the images include). IMAGE_TAG overrides it.
import { execFileSync } from 'node:child_process';
import { ROOT } from '../local/lib/paths.mjs';

/** An OCI tag: letters, digits, `_`, `.`, `-`, not starting with `.` or `-`, at most 128 characters. */
export const TAG_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;

/** The tag of a commit (hex, at least 7 characters); `dirty` adds `-dirty`. */
export function tagFor({ commit, dirty }) {
  if (!/^[0-9a-f]{7,40}$/.test(commit ?? '')) throw new Error(`not a git commit: ${JSON.stringify(commit)}`);
  return `${commit.slice(0, 12)}${dirty ? '-dirty' : ''}`;
}

/** Checks a tag given by hand; the error says what a tag may hold. */
export function validTag(tag) {
  if (!TAG_PATTERN.test(tag)) {
    throw new Error(
      `IMAGE_TAG=${JSON.stringify(tag)} is not a valid image tag: use letters, digits, '_', '.' and '-' (not first), at most 128 characters`,
    );
  }
  return tag;
}

/** Whether `git status --porcelain` output shows changes (untracked files count: they are in the build context). */
export const isDirty = (porcelain) => porcelain.split('\n').some((line) => line.trim() !== '');

/** The tag of this checkout: IMAGE_TAG, else from `git` (an error says what to do without git). */
export function currentTag({ env = process.env, cwd = ROOT } = {}) {
  if (env.IMAGE_TAG) return validTag(env.IMAGE_TAG);
  let commit;
  let porcelain;
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
    porcelain = execFileSync('git', ['status', '--porcelain'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    throw new Error('cannot read the git commit of this checkout: run it in a git clone, or set IMAGE_TAG (e.g. IMAGE_TAG=1.4.0)', {
      cause: err,
    });
  }
  return tagFor({ commit, dirty: isDirty(porcelain) });
}
