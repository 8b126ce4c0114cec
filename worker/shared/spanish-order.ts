// Spanish order (ARCHITECTURE.md §6 "Spanish order"): SQLite has no ICU here nor on Turso, so a
// list sorts by a stored, indexed sort key computed on write by this one function, and the
// browser sorts with the same function (or Intl.Collator('es'), which agrees: a unit test says so).
// The key is lower case with accents folded (Árabe among the A's, Bélgica before Bután), and ñ is
// kept as its own letter after n: it becomes "n" followed by U+007F, which is above every ASCII
// character a folded key holds, so "nz…" < "ñ…" < "o…". Isomorphic.

/** Letters that Spanish collation spells out as other letters (NFD does not split them). */
const SPELLED: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  þ: 'th',
};
const ENYE = 'n\u007f';

/** The sort key of a name in Spanish order; `null` stays `null` (a missing name sorts first). */
export function spanishSortKey(text: string): string;
export function spanishSortKey(text: string | null | undefined): string | null;
export function spanishSortKey(text: string | null | undefined): string | null {
  if (text == null) return null;
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ñ/g, ENYE)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[æœßøđðłıþ]/g, (ch) => SPELLED[ch]!)
    .trim();
}

/** Compares two names in Spanish order (for client-side sorts): by their keys, then as written. */
export function compareSpanish(a: string, b: string): number {
  const ka = spanishSortKey(a);
  const kb = spanishSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
