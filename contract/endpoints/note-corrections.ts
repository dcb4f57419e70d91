/** Extension: a note corrected in place and its earlier wordings (contract/note-corrections.ts), under the notes base address. */
import { entryVersionListSchema } from '../corrections.ts';
import { defineEndpoint } from '../endpoint.ts';
import { correctNoteBodySchema, noteVersionsQuerySchema } from '../note-corrections.ts';
import { noteSchema } from '../notes.ts';
import { authorOnly } from './corrections.ts';

export const noteCorrectionEndpoints = {
  correctNote: defineEndpoint({
    method: 'POST',
    path: '/edu/v1/note/correct',
    base: 'notes',
    auth: 'user',
    tag: 'Notes',
    summary: 'Correct a note in place: it keeps its id and createdAt, gains editedAt; the earlier wording is kept',
    access: authorOnly,
    body: correctNoteBodySchema,
    response: noteSchema,
    extension: true,
    noStore: true,
  }),
  noteVersions: defineEndpoint({
    method: 'GET',
    path: '/edu/v1/note/versions',
    base: 'notes',
    auth: 'user',
    tag: 'Notes',
    summary: 'The earlier wordings of a note, newest first',
    access: 'Whoever may read the note; anyone else gets 404, as for an unknown id.',
    query: noteVersionsQuerySchema,
    response: entryVersionListSchema,
    extension: true,
    noStore: true,
  }),
} as const;
