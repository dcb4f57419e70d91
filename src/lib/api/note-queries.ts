/** Training notes (section 4.4), under the notes base address: list, read, create, delete. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { noteEndpoints } from '../../../contract/endpoints/notes';
import { type CreateNoteBody, type NoteCategory, type NoteFilters, noteCategories } from '../../../contract/notes';
import { call } from './client';
import { recordQueries } from './record-queries';

export const noteIdFilterKeys = ['classId', 'studentId', 'courseId', 'lessonId', 'userId'] as const;
export const defaultCategories: readonly NoteCategory[] = ['lesson', 'course'];

/** The categories named in the URL (`category=lesson,course`); the default when none is valid. */
export function parseCategories(value: string | undefined): NoteCategory[] {
  const named = (value ?? '').split(',').map((part) => part.trim());
  const valid = noteCategories.filter((category) => named.includes(category));
  return valid.length > 0 ? valid : [...defaultCategories];
}

export const noteQueries = {
  all: () => ['notes'] as const,
  lists: () => [...noteQueries.all(), 'list'] as const,
  list: (filters: NoteFilters) =>
    queryOptions({
      queryKey: [...noteQueries.lists(), filters] as const,
      queryFn: ({ signal }) => call(noteEndpoints.listNotes, { query: filters, signal }),
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
    onSuccess: (note) => {
      queryClient.setQueryData(noteQueries.detail(note.noteId).queryKey, note);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: noteQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: recordQueries.of(note.userId).queryKey }),
      ]);
    },
  });
}

export function useRemoveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (noteId: string) => call(noteEndpoints.removeNote, { body: { noteId } }),
    onSuccess: (_result, noteId) => {
      queryClient.removeQueries({ queryKey: noteQueries.detail(noteId).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: noteQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: recordQueries.all() }),
      ]);
    },
  });
}
