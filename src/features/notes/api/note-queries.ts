/** Training notes (section 4.4), under the notes base address: list, read, create, delete. */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { noteEndpoints } from '../../../../contract/endpoints/notes';
import type { CreateNoteBody, Note, NoteCategory, NoteFilters } from '../../../../contract/notes';
import { call, callAnswer } from '../../../lib/api/client';
import { type ListPage, loadedRows, readListPage } from '../../../lib/api/paging';

/** The kinds of note a trainer's list starts with (user notes are asked for). */
export const defaultCategories: readonly NoteCategory[] = ['lesson', 'course'];

export const noteQueries = {
  all: () => ['notes'] as const,
  lists: () => [...noteQueries.all(), 'list'] as const,
  /** The notes with these filters, newest first, a page at a time where the service pages (its extension), else whole. */
  list: (filters: NoteFilters) =>
    infiniteQueryOptions({
      queryKey: [...noteQueries.lists(), filters] as const,
      queryFn: ({ signal, pageParam }): Promise<ListPage<Note>> =>
        readListPage(
          (paging) => callAnswer(noteEndpoints.listNotes, { query: { ...filters, ...paging }, signal }),
          pageParam,
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
      select: loadedRows<Note>,
    }),
  details: () => [...noteQueries.all(), 'detail'] as const,
  detail: (noteId: string) =>
    queryOptions({
      queryKey: [...noteQueries.details(), noteId] as const,
      queryFn: ({ signal }) => call(noteEndpoints.getNote, { query: { noteId }, signal }),
    }),
};

export function useCreateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteBody) => call(noteEndpoints.createNote, { body }),
    // Student records and the class page (not this feature's) show notes too: all are marked stale, those on
    // screen refetched.
    meta: { invalidates: [['student-record'], ['class-activity'], ['search'], ['own-words']] },
    onSuccess: (note) => {
      queryClient.setQueryData(noteQueries.detail(note.noteId).queryKey, note);
      return queryClient.invalidateQueries({ queryKey: noteQueries.lists() });
    },
  });
}

export function useRemoveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => call(noteEndpoints.removeNote, { body: { noteId } }),
    // Whichever student record or class count showed the note no longer may.
    meta: { invalidates: [['student-record'], ['class-activity'], ['search'], ['own-words']] },
    onSuccess: (_result, noteId) => {
      queryClient.removeQueries({ queryKey: noteQueries.detail(noteId).queryKey });
      return queryClient.invalidateQueries({ queryKey: noteQueries.lists() });
    },
  });
}
