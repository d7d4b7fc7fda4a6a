// What changed between two SBOMs of an image (CycloneDX JSON): the components added, removed and
// whose version changed, each named by its package URL without the version (npm packages, Debian
// packages, the base image by its repository). `npm run images` keeps each image's previous SBOM
// (<image>.sbom.previous.cdx.json) and prints this for every image it builds.

/** A component's identity across builds: its purl without version and qualifiers, or its type and name. */
export function componentKey(component) {
  if (component.type === 'container') return `oci ${component.name}`;
  const purl = /^pkg:([^/]+)\/([^@?#]+)/.exec(component.purl ?? '');
  if (purl) return `${purl[1]} ${decodeURIComponent(purl[2])}`;
  return `${component.type ?? 'component'} ${[component.group, component.name].filter(Boolean).join('/')}`;
}

/** key → sorted versions (one package may be installed in several versions). */
function versionsByKey(sbom) {
  const out = new Map();
  for (const c of sbom?.components ?? []) {
    const key = componentKey(c);
    if (!out.has(key)) out.set(key, new Set());
    out.get(key).add(String(c.version ?? ''));
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]));
}

/**
 * { added: [{ name, versions }], removed: [{ name, versions }], changed: [{ name, from, to }] },
 * each sorted by name. A null `previous` (first build) gives no changes.
 */
export function diffSboms(previous, next) {
  const empty = { added: [], removed: [], changed: [] };
  if (!previous) return empty;
  const before = versionsByKey(previous);
  const after = versionsByKey(next);
  const out = empty;
  for (const [name, versions] of after) {
    const old = before.get(name);
    if (!old) out.added.push({ name, versions });
    else if (old.join(' ') !== versions.join(' ')) out.changed.push({ name, from: old, to: versions });
  }
  for (const [name, versions] of before) if (!after.has(name)) out.removed.push({ name, versions });
  for (const list of Object.values(out)) list.sort((a, b) => a.name.localeCompare(b.name));
  return out;
}

export const changeCount = (diff) => diff.added.length + diff.removed.length + diff.changed.length;

/**
 * The lines the build prints for an image: a summary, then at most `max` changes.
 * @param {string} image
 * @param {ReturnType<typeof diffSboms>} diff
 * @param {{ previousVersion?: string | null, max?: number }} [options]
 */
export function formatSbomDiff(image, diff, { previousVersion = null, max = 40 } = {}) {
  if (!previousVersion) return [`  ${image}: first SBOM (nothing to compare with)`];
  const n = changeCount(diff);
  const since = `since ${previousVersion}`;
  if (!n) return [`  ${image}: same dependencies ${since}`];
  const lines = [
    ...diff.added.map((c) => `    + ${c.name} ${c.versions.join(', ')}`),
    ...diff.removed.map((c) => `    - ${c.name} ${c.versions.join(', ')}`),
    ...diff.changed.map((c) => `    ~ ${c.name} ${c.from.join(', ')} → ${c.to.join(', ')}`),
  ];
  const head = `  ${image}: ${diff.added.length} added, ${diff.removed.length} removed, ${diff.changed.length} changed ${since}`;
  return [head, ...lines.slice(0, max), ...(lines.length > max ? [`    … ${lines.length - max} more in the SBOMs`] : [])];
}
