/**
 * What the form for several students checks before writing, and how it puts
 * a student's failed write into words. The text is checked with the
 * contract's own create schemas (for the first student: it is the same text
 * for each), so the limits are the service's.
 */
import { createCommentBodySchema } from '../../../contract/comments';
import { createNoteBodySchema } from '../../../contract/notes';
import { isApiError } from '../../lib/api/api-error';
import { describeError, plainMessage } from '../../lib/api/describe-error';
import { type FieldErrors, fieldErrorsFromZod } from '../../lib/forms/field-errors';
import type { EntryKind } from './api/write-to-each';

export type SeveralField = 'classId' | 'students' | 'lessonId' | 'text';

export const kindWords: Record<EntryKind, { readonly one: string; readonly field: string }> = {
  comment: { one: 'comment', field: 'Comment' },
  note: { one: 'training note', field: 'Note' },
};

export interface SeveralChoices {
  readonly kind: EntryKind;
  readonly classId?: string | undefined;
  readonly lessonId?: string | undefined;
  readonly studentIds: readonly string[];
}

export function validateSeveral(choices: SeveralChoices, text: string): FieldErrors<SeveralField> {
  const errors: FieldErrors<SeveralField> = {};
  if (!choices.classId) errors.classId = 'Choose the class whose students you write to.';
  if (choices.studentIds.length === 0) errors.students = 'Choose at least one student, or the whole class.';
  if (choices.kind === 'note' && !choices.lessonId)
    errors.lessonId = 'Choose the lesson: a training note is about a student in a lesson.';
  // Only the text's issues are placed: the ids stood in for what is checked above.
  const labels = { text: kindWords[choices.kind].field };
  const studentId = choices.studentIds[0] ?? 'any';
  const parsed =
    choices.kind === 'comment'
      ? createCommentBodySchema.safeParse({ classId: choices.classId ?? 'any', studentId, text })
      : createNoteBodySchema.safeParse({ studentId, lessonId: choices.lessonId ?? 'any', text });
  if (!parsed.success) Object.assign(errors, fieldErrorsFromZod(parsed.error.issues, labels, { text: errors.text }));
  return errors;
}

/** Why one student's write failed, in a line of a list: the kind of failure, and the service's words when plain. */
export function failureReason(error: unknown, kind: EntryKind): string {
  const what = `the ${kindWords[kind].one}`;
  const { title } = describeError(error, what);
  if (isApiError(error) && error.status >= 400 && error.status < 500 && error.code !== 'overloaded') {
    const said = plainMessage(error.message);
    if (said) return `the service refused it: ${said.replace(/\.?$/, '.')}`;
  }
  // describeError names a failed read ("Could not load"); this was a write.
  return `${title.replace(/^Could not load .*/, 'the service failed on its side')}.`.replace(/^./, (c) =>
    c.toLowerCase(),
  );
}
