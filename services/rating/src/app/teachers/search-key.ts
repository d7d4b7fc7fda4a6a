const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd' };

/**
 * The accent- and case-free form of a text for matching: `Mme Éloïse Bœuf-Núñez` →
 * `mme eloise boeuf nunez`. Punctuation becomes spaces, spaces are collapsed.
 * Teachers store it (`searchKey`); search matches the query's form inside it, in the catalogue
 * snapshot held in memory (teachers.service.ts), so no collation is needed.
 */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (c) => LIGATURES[c])
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The search key of a teacher: prefix and name together. */
export function teacherSearchKey(prefix: string, name: string): string {
  return searchKey(`${prefix} ${name}`);
}
