/** One note, and the roster that names its student, class and lesson, asked for while the note page's code loads. */

import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { rosterQueries } from '../../lib/api/roster-queries';
import { noteQueries } from './api/note-queries';

export default function prefetchNote({ queryClient, params }: PrefetchArgs): void {
  if (params.noteId) void queryClient.prefetchQuery(noteQueries.detail(params.noteId));
  void queryClient.prefetchQuery(rosterQueries.mine());
}
