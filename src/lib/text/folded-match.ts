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
