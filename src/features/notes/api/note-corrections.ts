/** A note corrected in place and its earlier wordings (the corrections extension; see lib/api/correction-queries). */
import { useMutation } from '@tanstack/react-query';
import { noteCorrectionEndpoints } from '../../../../contract/endpoints/note-corrections';
import type { CorrectNoteBody } from '../../../../contract/note-corrections';
import type { Note } from '../../../../contract/notes';
import { call } from '../../../lib/api/client';
import { correctionQueries, shownEverywhere } from '../../../lib/api/correction-queries';
import { withExtension } from '../../../lib/api/extensions';

export const noteVersions = (noteId: string) =>
  correctionQueries.versions('note', noteId, (signal) =>
    call(noteCorrectionEndpoints.noteVersions, { query: { noteId }, signal }),
  );

/** Corrects a note in place; null when the platform cannot (the note is unchanged). */
export function useCorrectNote() {
  return useMutation({
    mutationFn: (body: CorrectNoteBody): Promise<Note | null> =>
      withExtension(
        'corrections',
        () => call(noteCorrectionEndpoints.correctNote, { body }),
        () => null,
      ),
    meta: { invalidates: shownEverywhere },
  });
}
