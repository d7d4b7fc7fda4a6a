const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd' };

/** Accent-, case- and punctuation-free form for matching: `Mme Éloïse Bœuf-Núñez` → `mme eloise boeuf nunez`. */
export function searchKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (c) => LIGATURES[c])
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function teacherSearchKey(prefix: string, name: string): string {
  return searchKey(`${prefix} ${name}`);
}
