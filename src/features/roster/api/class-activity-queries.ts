/**
 * What has been written about a class's students.
 *
 * - `counts`: what the classes page shows per student (how many comments and
 *   notes, the newest of each). Our service counts them (the class activity
 *   extension: one row per student, whatever the class's history); on the
 *   platform, the class's lists are read whole and counted here, as `of`.
 * - `of`: everything written in the class, from the interface's own lists:
 *   the comments `?classId=` and the notes `?classId=`, each read whole (page
 *   by page where the service pages them). A class handed over needs the
 *   entries themselves (its latest entry per student), so it reads these.
 *
 * Each class's reads start in a task of their own: the class page subscribes
 * every class's query in one commit, and starting all their requests there
 * was the longest task after its first paint (Lighthouse's trace: ~37 ms
 * unthrottled, ~150 ms on its phone). A task later costs a few milliseconds
 * against a round trip of the network.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Comment } from '../../../../contract/comments';
import { classActivityEndpoints } from '../../../../contract/endpoints/class-activity';
import { commentEndpoints } from '../../../../contract/endpoints/comments';
import { noteEndpoints } from '../../../../contract/endpoints/notes';
import type { Note } from '../../../../contract/notes';
import { call, callAnswer } from '../../../lib/api/client';
import { withExtension } from '../../../lib/api/extensions';
import { FRESH_FOR_MS } from '../../../lib/api/freshness';
import { readListPage, wholeList } from '../../../lib/api/paging';
import { inATaskOfItsOwn } from '../../../lib/tasks/next-task';
import type { ActivitySummary } from '../activity-summary';

export interface ClassActivity {
  readonly comments: readonly Comment[];
  readonly notes: readonly Note[];
}

/** Each student's summary in a class, by userId: counted by the service, or the lists to count here. */
export type ClassCounts =
  | { readonly countedBy: 'service'; readonly byPerson: ReadonlyMap<string, ActivitySummary> }
  | { readonly countedBy: 'lists'; readonly activity: ClassActivity };

const summaryOf = (kind: { readonly count: number; readonly latest: string | null }) => ({
  count: kind.count,
  latest: kind.latest,
});

function readWhole(classId: string, signal: AbortSignal): Promise<ClassActivity> {
  return Promise.all([
    wholeList<Comment>((cursor) =>
      readListPage(
        (paging) => callAnswer(commentEndpoints.listComments, { query: { classId, ...paging }, signal }),
        cursor,
      ),
    ),
    wholeList<Note>((cursor) =>
      readListPage((paging) => callAnswer(noteEndpoints.listNotes, { query: { classId, ...paging }, signal }), cursor),
    ),
  ]).then(([comments, notes]) => ({ comments, notes }));
}

export const classActivityQueries = {
  // Comment and note mutations name this root in their `meta.invalidates` (see query-client.ts): keep it.
  all: () => ['class-activity'] as const,
  of: (classId: string) =>
    queryOptions({
      queryKey: [...classActivityQueries.all(), classId] as const,
      queryFn: async ({ signal }): Promise<ClassActivity> => {
        await inATaskOfItsOwn(signal);
        return readWhole(classId, signal);
      },
      // Fresh for the app's usual time: the comment and note forms mark it stale (their mutations' `invalidates`).
      // Stale at once, it was read twice a visit: for the page's counts, then as each class's section mounted.
      staleTime: FRESH_FOR_MS,
    }),
  counts: (classId: string) =>
    queryOptions({
      queryKey: [...classActivityQueries.all(), classId, 'counts'] as const,
      queryFn: async ({ signal }): Promise<ClassCounts> => {
        await inATaskOfItsOwn(signal);
        return withExtension<ClassCounts>(
          'class-activity',
          async () => {
            const answer = await call(classActivityEndpoints.classActivity, { query: { classId }, signal });
            const byPerson = new Map(
              answer.students.map((s) => [s.userId, { comments: summaryOf(s.comments), notes: summaryOf(s.notes) }]),
            );
            return { countedBy: 'service', byPerson };
          },
          async () => ({ countedBy: 'lists', activity: await readWhole(classId, signal) }),
        );
      },
      staleTime: FRESH_FOR_MS,
    }),
};
