/**
 * Search (extension): the two streams of the repository, comments and notes,
 * merged into one page. A page's cursor holds where each stream stopped, so
 * the next page goes on with the same merge: following the Link header
 * visits every result once, in one order.
 *
 * The merge: by relevance, the larger score first; newest, the later time
 * first; then comments before notes, then by the stream's own order.
 */
import {
  matchesIn,
  type SearchKind,
  type SearchQuery,
  type SearchResult,
  searchLimits,
  searchWords,
} from '../../../contract/search.ts';
import type { UserCaller } from '../../access/authenticator.ts';
import { personIn, writtenAt } from '../../access/entries.ts';
import { summariesOf } from '../../access/people.ts';
import { cursorKey, type Listed, listScope, readPositions, signPositions } from '../../data/paging.ts';
import type { Deps } from '../../deps.ts';
import { type FoundRow, type SearchOrder, type StreamPosition, searchRepo } from './search.repo.ts';

const kinds: readonly SearchKind[] = ['comment', 'note'];

/** A stream that has nothing more to give: no seq is below 1. */
const exhausted: StreamPosition = { score: 0, seq: 0 };
const start: StreamPosition = { score: 0, seq: null };

/** Positions in a cursor: score, then seq (-1 for "not started"), one pair a kind. */
const toNumbers = (positions: readonly StreamPosition[]) => positions.flatMap((p) => [p.score, p.seq ?? -1]);
const fromNumbers = (values: readonly number[]): StreamPosition[] =>
  kinds.map((_, i) => {
    const seq = values[2 * i + 1] ?? -1;
    return { score: values[2 * i] ?? 0, seq: seq < 0 ? null : seq };
  });

interface Found extends FoundRow {
  readonly kind: SearchKind;
}

/** Whether `a` comes before `b` in the answer. */
function before(order: SearchOrder, a: Found, b: Found): boolean {
  if (order === 'relevance' && a.score !== b.score) return a.score > b.score;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.kind === 'comment' && b.kind === 'note';
}

export function searchHandlers(deps: Deps) {
  const repo = searchRepo(deps.db.q);
  return {
    async search(caller: UserCaller, query: SearchQuery): Promise<Listed<SearchResult>> {
      const { q, order: askedOrder, limit = searchLimits.defaultPage, cursor, ...filters } = query;
      // Words are ranked by relevance unless asked otherwise; filters alone list newest first.
      const order = askedOrder ?? (q === undefined ? 'newest' : 'relevance');
      const words = q === undefined ? [] : searchWords(q);
      const scope = listScope('search', caller.userId, { ...filters, q, order });
      const key = await cursorKey(deps.db);
      const positions = cursor === undefined ? [start, start] : fromNumbers(readPositions(key, scope, cursor, 4));
      const read = (kind: SearchKind, i: number): Promise<FoundRow[]> => {
        const after = positions[i] ?? start;
        if ((filters.kind !== undefined && filters.kind !== kind) || after.seq === 0) return Promise.resolve([]);
        const request = { words, filters, order, after, limit: limit + 1 };
        return kind === 'comment' ? repo.comments(caller.userId, request) : repo.notes(caller.userId, request);
      };
      const streams = await Promise.all(
        kinds.map(async (kind, i) => (await read(kind, i)).map((row): Found => ({ ...row, kind }))),
      );

      const taken: Found[] = [];
      const next = streams.map(() => 0);
      while (taken.length < limit) {
        let pick = -1;
        streams.forEach((stream, i) => {
          const candidate = stream[next[i] ?? 0];
          const best = pick < 0 ? undefined : streams[pick]?.[next[pick] ?? 0];
          if (candidate && (!best || before(order, candidate, best))) pick = i;
        });
        const row = pick < 0 ? undefined : streams[pick]?.[next[pick] ?? 0];
        if (!row) break;
        taken.push(row);
        next[pick] = (next[pick] ?? 0) + 1;
      }
      const more = streams.some((stream, i) => (next[i] ?? 0) < stream.length);
      const reached = streams.map((stream, i): StreamPosition => {
        const used = next[i] ?? 0;
        const last = stream[used - 1];
        // A stream read whole (fewer rows than asked) and used up has nothing more: the next page skips it.
        if (used === stream.length && stream.length <= limit) return exhausted;
        return last ? { score: last.score, seq: last.seq } : (positions[i] ?? start);
      });

      const people = await summariesOf(
        deps.db.q,
        taken.flatMap((row) => [row.personId, row.authorId]),
      );
      const rows = taken.map(
        (row): SearchResult => ({
          kind: row.kind,
          id: row.id,
          student: personIn(people, row.personId),
          studentId: row.studentId,
          classId: row.classId,
          courseId: row.courseId,
          lessonId: row.lessonId,
          author: personIn(people, row.authorId),
          createdAt: writtenAt(row.createdAt),
          text: row.text,
          matches: matchesIn(row.text, words),
        }),
      );
      return { rows, next: more ? signPositions(key, scope, toNumbers(reached)) : null };
    },
  };
}
