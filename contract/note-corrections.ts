/** Extension: a note corrected in place, and its earlier wordings (see corrections.ts). */
import { z } from 'zod/mini';
import { idSchema } from './common.ts';
import { noteTextSchema } from './notes.ts';

/** A correction of a note: the new text, checked as on create. */
export const correctNoteBodySchema = z.strictObject({ noteId: idSchema, text: noteTextSchema });
export type CorrectNoteBody = z.infer<typeof correctNoteBodySchema>;

export const noteVersionsQuerySchema = z.strictObject({ noteId: idSchema });
