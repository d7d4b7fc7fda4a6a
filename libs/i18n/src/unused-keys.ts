// The other half of the catalogue check (findMissingKeys is the first): a key that no source file
// names is dead. A key counts as used when a source holds it as a string literal ('a.b', "a.b",
// `a.b`, optionally after "ns:"), or when a template literal builds keys under its prefix
// (`title.${page}` uses every `title.*`), or when a parent object is read whole (returnObjects).

/** Every leaf key of a catalogue, dot-separated. */
export function catalogueKeys(catalogue: unknown, prefix = ''): string[] {
  if (!catalogue || typeof catalogue !== 'object') return prefix ? [prefix] : [];
  return Object.entries(catalogue).flatMap(([key, child]) => catalogueKeys(child, prefix ? `${prefix}.${key}` : key));
}

/** Keys of `catalogue` that none of `sources` (file contents) uses. */
export function findUnusedKeys(catalogue: unknown, sources: readonly string[], ns?: string): string[] {
  const text = sources.join('\n');
  const literals = new Set<string>();
  for (const match of text.matchAll(/(['"`])((?:[A-Za-z0-9_-]+:)?[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*)\1/g)) {
    const value = match[2];
    literals.add(value);
    if (ns && value.startsWith(`${ns}:`)) literals.add(value.slice(ns.length + 1));
  }
  const prefixes = [...text.matchAll(/`(?:[A-Za-z0-9_-]+:)?([A-Za-z0-9_-]+\.[A-Za-z0-9_.-]*)\$\{/g)].map((m) => m[1]);
  return catalogueKeys(catalogue).filter((key) => {
    if (literals.has(key)) return false;
    if (prefixes.some((p) => key.startsWith(p))) return false;
    // A parent object read whole (t('home.faq', { returnObjects: true })).
    const parts = key.split('.');
    for (let i = 1; i < parts.length; i++)
      if (literals.has(parts.slice(0, i).join('.')) && parts.length - i >= 1 && isWholeRead(text, parts.slice(0, i).join('.')))
        return false;
    return true;
  });
}

function isWholeRead(text: string, key: string): boolean {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`['"\`]${escaped}['"\`]\\s*,\\s*\\{[^}]*returnObjects`).test(text);
}
