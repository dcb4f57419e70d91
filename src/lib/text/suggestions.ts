/**
 * Suggestions from the trainer's own words (issue 34): what they wrote
 * before, offered while they write again. Pure, so the ranking can be tested
 * and timed apart from any page.
 *
 * Earlier entries are grouped by near-duplicate: the same words in the same
 * order once case, accents, punctuation and spacing are set aside ("Good
 * work today!" and "good work today."); a group shows its latest wording and
 * counts its uses. What is typed is matched from the start of the sentence
 * being written (the text after the last full stop, question or exclamation
 * mark, or line break; a sentence just ended offers nothing): a group matches when it begins with it, or when it
 * shares at least half of its meaningful words (three letters or more; the
 * last word, if still being typed, as the start of a word once it has four).
 *
 * The order: pinned phrases first (the trainer chose them), then those that
 * begin with what is typed, then those of the chosen lesson, then of its
 * course, then the most used, then the most words shared, then the latest.
 */

export interface WrittenEntry {
  readonly text: string;
  readonly lessonId: string | null;
  readonly courseId: string | null;
  /** ISO date-time where the list says when; null where it does not. */
  readonly writtenAt: string | null;
}

export interface SuggestionContext {
  readonly lessonId?: string | undefined;
  readonly courseId?: string | undefined;
}

export interface Suggestion {
  /** The group's key: its words, folded. */
  readonly key: string;
  /** The wording inserted: the latest of the group (a pin as it was pinned). */
  readonly text: string;
  /** How many earlier entries the group holds (0 for a pin never used). */
  readonly uses: number;
  readonly pinned: boolean;
  /** Whether the group has an entry of the chosen lesson, or else of its course. */
  readonly context: 'lesson' | 'course' | null;
}

interface Group {
  readonly key: string;
  text: string;
  uses: number;
  latest: string;
  pinned: boolean;
  readonly words: ReadonlySet<string>;
  readonly lessons: Set<string>;
  readonly courses: Set<string>;
}

export interface SuggestionIndex {
  readonly groups: readonly Group[];
}

/** The words of a text, folded: runs of letters and digits, lower case, accents off. */
export function foldedWords(text: string): string[] {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Words too common to say that two texts are about the same thing. */
const common = new Set([
  'the',
  'and',
  'for',
  'was',
  'with',
  'that',
  'this',
  'has',
  'had',
  'his',
  'her',
  'she',
  'they',
  'their',
  'you',
  'your',
  'are',
  'but',
  'not',
  'all',
  'very',
  'from',
]);

function meaningful(word: string): boolean {
  return word.length >= 3 && !common.has(word);
}

/** Groups the entries (and the pins) once; `suggest` then answers each keystroke from the groups. */
export function buildSuggestionIndex(
  entries: readonly WrittenEntry[],
  pinned: readonly string[] = [],
): SuggestionIndex {
  const byKey = new Map<string, Group>();
  const groupOf = (text: string): Group | undefined => {
    const words = foldedWords(text);
    if (words.length === 0) return undefined;
    const key = words.join(' ');
    let group = byKey.get(key);
    if (!group) {
      group = {
        key,
        text: text.trim(),
        uses: 0,
        latest: '',
        pinned: false,
        words: new Set(words),
        lessons: new Set(),
        courses: new Set(),
      };
      byKey.set(key, group);
    }
    return group;
  };
  for (const entry of entries) {
    const group = groupOf(entry.text);
    if (!group) continue;
    group.uses += 1;
    const at = entry.writtenAt ?? '';
    if (group.uses === 1 || (!group.pinned && at > group.latest)) {
      group.latest = at;
      if (!group.pinned) group.text = entry.text.trim();
    }
    if (entry.lessonId) group.lessons.add(entry.lessonId);
    if (entry.courseId) group.courses.add(entry.courseId);
  }
  for (const phrase of pinned) {
    const group = groupOf(phrase);
    if (!group) continue;
    group.pinned = true;
    group.text = phrase.trim();
  }
  return { groups: [...byKey.values()] };
}

/** Where the sentence being written starts in `text`, and that sentence. */
export function currentFragment(text: string): { readonly start: number; readonly fragment: string } {
  const ends = [...text.matchAll(/[.!?](?:\s|$)|\n/g)];
  const last = ends.at(-1);
  const start = last === undefined ? 0 : (last.index ?? 0) + last[0].length;
  return { start, fragment: text.slice(start) };
}

/** The text with the sentence being written replaced by the chosen suggestion (kept editable by the caller). */
export function insertSuggestion(text: string, suggestion: string): string {
  const { start } = currentFragment(text);
  const before = text.slice(0, start);
  const gap = before === '' || /\s$/.test(before) ? '' : ' ';
  return `${before}${gap}${suggestion}`;
}

interface Ranked {
  readonly group: Group;
  readonly prefix: boolean;
  readonly shared: number;
  readonly context: 0 | 1 | 2;
}

function compare(a: Ranked, b: Ranked): number {
  return (
    Number(b.group.pinned) - Number(a.group.pinned) ||
    Number(b.prefix) - Number(a.prefix) ||
    b.context - a.context ||
    b.group.uses - a.group.uses ||
    b.shared - a.shared ||
    (b.group.latest > a.group.latest ? 1 : b.group.latest < a.group.latest ? -1 : 0)
  );
}

/** The suggestions for what has been typed, best first, at most `limit`. */
export function suggest(
  index: SuggestionIndex,
  typed: string,
  context: SuggestionContext = {},
  limit = 8,
): Suggestion[] {
  const { fragment } = currentFragment(typed);
  const words = foldedWords(fragment);
  const typedKey = words.join(' ');
  if (typedKey.replace(/ /g, '').length < 2) return [];
  // A last word without a space after it is still being typed: it matches the start of a word.
  const lastPartial = !/[\s\p{P}]$/u.test(fragment);
  const wanted = words.filter(meaningful);
  const complete = lastPartial ? wanted.slice(0, -1) : wanted;
  // A word still being typed counts once it says something: with three letters "ste" is half the dictionary.
  const last = words.at(-1) ?? '';
  const partial = lastPartial && meaningful(last) && last.length >= 4 ? last : undefined;
  const needed = Math.max(1, Math.ceil(wanted.length / 2));

  const ranked: Ranked[] = [];
  for (const group of index.groups) {
    if (group.key === typedKey) continue;
    const prefix = group.key.startsWith(typedKey);
    let shared = 0;
    for (const word of complete) if (group.words.has(word)) shared += 1;
    if (partial !== undefined) {
      for (const word of group.words) {
        if (word.startsWith(partial)) {
          shared += 1;
          break;
        }
      }
    }
    if (!prefix && (wanted.length === 0 || shared < needed)) continue;
    const inLesson = context.lessonId !== undefined && group.lessons.has(context.lessonId);
    const inCourse = context.courseId !== undefined && group.courses.has(context.courseId);
    ranked.push({ group, prefix, shared, context: inLesson ? 2 : inCourse ? 1 : 0 });
  }
  ranked.sort(compare);
  return ranked.slice(0, limit).map(({ group, context: where }) => ({
    key: group.key,
    text: group.text,
    uses: group.uses,
    pinned: group.pinned,
    context: where === 2 ? 'lesson' : where === 1 ? 'course' : null,
  }));
}
