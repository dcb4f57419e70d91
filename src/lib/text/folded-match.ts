/**
 * Matching what a person types against names, handles and ranks the way they
 * expect a find box to: case and accents ignored ("zoe" finds "Zoë"), every
 * typed word found somewhere, each possibly only part of a word ("pat sa"
 * finds "Sam Patel"). Punctuation a handle carries ("@") is part of the text,
 * so "@spa" and "spa" both find "@spatel".
 */

/** Lower case, accents taken off (NFD, combining marks dropped). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The typed words, folded; none for a blank query. */
export function queryWords(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

/** True when every word occurs in the folded haystack (no words: everything matches). */
export function matchesWords(foldedHaystack: string, words: readonly string[]): boolean {
  return words.every((word) => foldedHaystack.includes(word));
}

/**
 * Two strings in the order of their UTF-16 code units (what `<` compares), as
 * a sort's comparator: the same order in every browser and locale, with no
 * collation data (see `byFoldedNames`).
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `items` in the order of their names as a reader expects it, case and
 * accents aside ("Émile" between "Emil" and "Emma"), each name folded once:
 * the folded names compared by code unit, then the names as written. Not
 * `localeCompare`: its first use in a page loads the browser's collation
 * data, a task of ~80 ms on Lighthouse's phone, in the render that puts the
 * names on screen. `names` gives one or more names an item is ordered by, in
 * turn (last name, then first name).
 */
export function byFoldedNames<T>(items: Iterable<T>, names: (item: T) => readonly string[]): T[] {
  const keyed = [...items].map((item) => {
    const written = names(item);
    return { item, written, folded: written.map(foldText) };
  });
  const order = (a: readonly string[], b: readonly string[]) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const sign = compareCodeUnits(a[i] ?? '', b[i] ?? '');
      if (sign !== 0) return sign;
    }
    return 0;
  };
  keyed.sort((a, b) => order(a.folded, b.folded) || order(a.written, b.written));
  return keyed.map(({ item }) => item);
}
