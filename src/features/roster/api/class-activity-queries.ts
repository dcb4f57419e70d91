/**
 * What has been written about a class's students, from the interface's own
 * lists: the comments `?classId=` and the notes `?classId=`, each read whole
 * (page by page where the service pages them), so the class page counts the
 * same on the platform as on our service.
 *
 * Each class's reads start in a task of their own: the class page subscribes
 * every class's query in one commit, and starting all their requests there
 * was the longest task after its first paint (Lighthouse's trace: ~37 ms
 * unthrottled, ~150 ms on its phone). A task later costs a few milliseconds
 * against a round trip of the network.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Comment } from '../../../../contract/comments';
import { commentEndpoints } from '../../../../contract/endpoints/comments';
import { noteEndpoints } from '../../../../contract/endpoints/notes';
import type { Note } from '../../../../contract/notes';
import { callAnswer } from '../../../lib/api/client';
import { FRESH_FOR_MS } from '../../../lib/api/freshness';
import { readListPage, wholeList } from '../../../lib/api/paging';
import { inATaskOfItsOwn } from '../../../lib/tasks/next-task';

export interface ClassActivity {
  readonly comments: readonly Comment[];
  readonly notes: readonly Note[];
}

export const classActivityQueries = {
  // Comment and note mutations name this root in their `meta.invalidates` (see query-client.ts): keep it.
  all: () => ['class-activity'] as const,
  of: (classId: string) =>
    queryOptions({
      queryKey: [...classActivityQueries.all(), classId] as const,
      queryFn: async ({ signal }): Promise<ClassActivity> => {
        await inATaskOfItsOwn(signal);
        const [comments, notes] = await Promise.all([
          wholeList<Comment>((cursor) =>
            readListPage(
              (paging) => callAnswer(commentEndpoints.listComments, { query: { classId, ...paging }, signal }),
              cursor,
            ),
          ),
          wholeList<Note>((cursor) =>
            readListPage(
              (paging) => callAnswer(noteEndpoints.listNotes, { query: { classId, ...paging }, signal }),
              cursor,
            ),
          ),
        ]);
        return { comments, notes };
      },
      // Fresh for the app's usual time: the comment and note forms mark it stale (their mutations' `invalidates`).
      // Stale at once, it was read twice a visit: for the page's counts, then as each class's section mounted.
      staleTime: FRESH_FOR_MS,
    }),
};
