/**
 * The search the browser runs where the platform has none: MiniSearch over
 * the entries the person can read, with the service's word rule (contract
 * search.ts): words are runs of letters and digits, case and accents do not
 * matter, every word must occur, whole words unless written `word*`, no fuzzy
 * matching. The index lives in memory only, beside the entries it was built
 * from, and is never stored. MiniSearch is loaded with the first search that
 * needs it, so it is not part of any page's code otherwise.
 */
import type MiniSearch from 'minisearch';
import { foldWord, matchesIn, type SearchWord, searchWords, wordsWithPlaces } from '../../../../contract/search';
import type { Found, SearchRequest } from '../api/found';
import type { Readable } from './readable-entries';

type Index = MiniSearch<Readable>;

const indexes = new WeakMap<readonly Readable[], Promise<Index>>();

async function buildIndex(entries: readonly Readable[]): Promise<Index> {
  const { default: MiniSearchClass } = await import('minisearch');
  const index = new MiniSearchClass<Readable>({
    idField: 'key',
    fields: ['text'],
    extractField: (entry, field) => (field === 'key' ? `${entry.kind}:${entry.id}` : entry.text),
    tokenize: (text) => wordsWithPlaces(text).map(({ word }) => word),
    processTerm: (term) => foldWord(term) || null,
    searchOptions: { fuzzy: false, prefix: false, combineWith: 'AND' },
  });
  index.addAll([...entries]);
  return index;
}

/** The index of these entries, built once for them (the same array, the same index). */
function indexOf(entries: readonly Readable[]): Promise<Index> {
  let index = indexes.get(entries);
  if (!index) {
    index = buildIndex(entries);
    indexes.set(entries, index);
  }
  return index;
}

function dayOf(createdAt: string): string {
  return createdAt.slice(0, 10);
}

/**
 * Whether an entry passes the filters. An entry whose list does not say what
 * a filter asks (when it was written, who wrote a note) cannot be shown to
 * pass it, so it is left out while that filter is on.
 */
export function passes(entry: Readable, { filters }: SearchRequest, selfId: string): boolean {
  if (filters.kind && entry.kind !== filters.kind) return false;
  if (filters.classId && entry.classId !== filters.classId) return false;
  if (filters.courseId && entry.courseId !== filters.courseId) return false;
  if (filters.lessonId && entry.lessonId !== filters.lessonId) return false;
  if (filters.studentId && entry.studentId !== filters.studentId) return false;
  if (filters.userId && entry.userId !== filters.userId) return false;
  if (filters.author) {
    if (!entry.author) return false;
    if ((entry.author.userId === selfId) !== (filters.author === 'me')) return false;
  }
  if (filters.from || filters.to) {
    if (!entry.createdAt) return false;
    const day = dayOf(entry.createdAt);
    if (filters.from && day < filters.from) return false;
    if (filters.to && day > filters.to) return false;
  }
  return true;
}

/** The entries holding every word, best first; all of them, in the lists' order, when there are no words. */
async function holding(entries: readonly Readable[], words: readonly SearchWord[]) {
  const all = entries.map((entry, at) => ({ entry, at }));
  if (words.length === 0) return all;
  const index = await indexOf(entries);
  const byKey = new Map(all.map((known) => [`${known.entry.kind}:${known.entry.id}`, known]));
  const hits = index.search({
    combineWith: 'AND',
    queries: words.map((word) => ({ queries: [word.word], prefix: word.prefix, fuzzy: false })),
  });
  return hits.flatMap((hit) => byKey.get(String(hit.id)) ?? []);
}

/**
 * Every entry that holds all the words and passes the filters, in the order
 * asked for, each with its marks. Without words, every entry that passes the
 * filters, newest first (as the service answers a search by filters alone).
 */
export async function searchEntries(
  entries: readonly Readable[],
  request: SearchRequest,
  selfId: string,
): Promise<Found[]> {
  const words = searchWords(request.q);
  const found = (await holding(entries, words)).filter(({ entry }) => passes(entry, request, selfId));
  if (request.order === 'newest' || words.length === 0) {
    // Newest first where the lists date them; the undated keep the lists' order (newest first), after the dated.
    found.sort((a, b) => {
      const at = a.entry.createdAt ?? '';
      const bt = b.entry.createdAt ?? '';
      return at === bt ? a.at - b.at : at < bt ? 1 : -1;
    });
  }
  return found.map(({ entry }) => ({ ...entry, matches: matchesIn(entry.text, words) }));
}
