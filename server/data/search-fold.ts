/**
 * Accents taken off for PostgreSQL's full text, in SQL: `translate` with a
 * fixed map of the accented Latin letters to their bare ones. `translate` is
 * immutable, so the stored `tsvector` column can be generated from it, and
 * no extension (unaccent) is needed, which a managed PostgreSQL may not
 * offer. SQLite's FTS5 tokenizer takes accents off itself (remove_diacritics).
 * The map is part of the migration that built the stored column: changing it
 * needs a new migration that rebuilds the column.
 */

/** Latin-1 Supplement, Latin Extended-A and -B, Latin Extended Additional: every letter that is a bare letter and marks. */
const ranges: readonly [number, number][] = [
  [0x00c0, 0x024f],
  [0x1e00, 0x1eff],
];

function buildMap(): { from: string; to: string } {
  let from = '';
  let to = '';
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCodePoint(code);
      const decomposed = letter.normalize('NFD');
      const bare = decomposed.replace(/\p{M}/gu, '');
      if (decomposed !== letter && bare.length === 1 && /^[A-Za-z]$/.test(bare)) {
        from += letter;
        to += bare;
      }
    }
  }
  return { from, to };
}

export const accentMap = buildMap();

/** SQL text of a string literal (the map holds no quote). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/** The document side of PostgreSQL's full text: the same expression builds the stored column and nothing else. */
export const postgresSearchVector = (column: string) =>
  `to_tsvector('simple', translate(${column}, ${literal(accentMap.from)}, ${literal(accentMap.to)}))`;
