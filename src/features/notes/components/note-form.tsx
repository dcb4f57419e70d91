/**
 * Write a note. A trainer's note from the training dashboard is about a
 * student in a lesson, so both are required, and the platform adds the
 * class, course and user ids. Anyone may instead keep a note about
 * themselves (`about="self"`), which only they read. The text is kept as a
 * draft until the note is saved; before saving, the form says who will be
 * able to read the note (AudienceNotice).
 */
import { useState } from 'react';
import type { AudienceQuery } from '../../../../contract/audience';
import { limits } from '../../../../contract/common';
import { type CreateNoteBody, createNoteBodySchema } from '../../../../contract/notes';
import type { Roster } from '../../../../contract/roster';
import { AudienceNotice } from '../../../components/audience-notice';
import { OwnWordsField } from '../../../components/own-words-field';
import { RosterFields, type RosterValues, startingChoices } from '../../../components/roster-fields';
import { LiveMessage } from '../../../components/states';
import { isApiError } from '../../../lib/api/api-error';
import { describeError } from '../../../lib/api/describe-error';
import { type FieldErrors, fieldErrorsFromZod } from '../../../lib/forms/field-errors';
import { useFormSubmission } from '../../../lib/forms/use-form-submission';

type Field = 'classId' | 'studentId' | 'lessonId' | 'userId' | 'text';
type Errors = FieldErrors<Field>;

const fieldLabels: Record<Field, string> = {
  classId: 'Class',
  studentId: 'Student',
  lessonId: 'Lesson',
  userId: 'User',
  text: 'Note',
};

/** Who the note is about: a student in a lesson (trainers), or the writer themselves. */
export type NoteAbout = 'student' | 'self';

export function validateNote(
  about: NoteAbout,
  userId: string,
  values: RosterValues,
  text: string,
): { body?: CreateNoteBody; errors: Errors } {
  const errors: Errors = {};
  if (about === 'student') {
    if (!values.studentId) errors.studentId = 'Choose the student the note is about.';
    if (!values.lessonId)
      errors.lessonId = 'Choose the lesson: a training-dashboard note is about a student in a lesson.';
  }
  const parsed = createNoteBodySchema.safeParse(
    about === 'self'
      ? { text, userId }
      : { text, studentId: values.studentId || undefined, lessonId: values.lessonId || undefined },
  );
  if (!parsed.success) fieldErrorsFromZod(parsed.error.issues, fieldLabels, errors);
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data, errors } : { errors };
}

function audienceQuery(about: NoteAbout, userId: string, values: RosterValues): AudienceQuery | null {
  if (about === 'self') return { kind: 'note', userId };
  if (!values.studentId || !values.lessonId) return null;
  return { kind: 'note', studentId: values.studentId, lessonId: values.lessonId };
}

function failureMessage(error: unknown): string {
  const { title, detail } = describeError(error, 'the note');
  const what = isApiError(error) && error.code === 'invalid_input' ? 'Fix the marked fields.' : `${title}. ${detail}`;
  return `The note was not saved. ${what} Your text is kept; try again.`;
}

interface NoteFormProps {
  /** The classes to pick the student and lesson from (about="student"); null: ids are typed. */
  readonly roster: Roster | null;
  /** The signed-in person: drafts are kept per user, and a note about yourself names you. */
  readonly userId: string;
  readonly defaults: RosterValues;
  readonly onSubmit: (body: CreateNoteBody) => Promise<unknown>;
  readonly about?: NoteAbout;
  /** Ids of the form's controls start with this. */
  readonly idPrefix?: string;
  /** Said under the audience, e.g. that an anonymous profile's notes go with it. */
  readonly note?: string;
  /** Say "Note saved." here; off where saving opens the note (which says it). */
  readonly announceSaved?: boolean;
}

export function NoteForm({
  roster,
  userId,
  defaults,
  onSubmit,
  about = 'student',
  idPrefix = 'new-note',
  note,
  announceSaved = true,
}: NoteFormProps) {
  // A kept draft is about the student and lesson it was written for, whatever the address says now.
  const [start] = useState(() =>
    about === 'student'
      ? startingChoices(roster, ['classId', 'studentId', 'lessonId'], userId, 'note', defaults)
      : { values: defaults, elsewhere: false },
  );
  const [values, setValues] = useState<RosterValues>(start.values);
  const { formRef, submit, pending, status, errors, text, changeText, clearChoiceErrors } = useFormSubmission({
    userId,
    draft: 'note',
    ids: values,
    fieldLabels,
    validate: (typed) => validateNote(about, userId, values, typed),
    send: onSubmit,
    messages: {
      refused: 'The note was not saved: fix the marked fields.',
      sending: 'Saving the note…',
      sent: announceSaved ? 'Note saved.' : '',
      failed: failureMessage,
    },
  });
  const hasRoster = roster !== null && roster.classes.length > 0;

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={about === 'self' ? 'New note about yourself' : 'New training note'}
    >
      {about === 'student' ? (
        <RosterFields
          roster={roster}
          fields={hasRoster ? ['classId', 'studentId', 'lessonId'] : ['studentId', 'lessonId']}
          values={values}
          onChange={(next) => {
            setValues(next);
            clearChoiceErrors();
          }}
          mode="form"
          idPrefix={idPrefix}
          required={{ studentId: true, lessonId: true }}
          errors={errors}
        />
      ) : null}
      {start.elsewhere && text ? (
        <p className="field-hint">
          Your unsent text below was started about another student or lesson: check them before saving it.
        </p>
      ) : null}
      <OwnWordsField
        id={`${idPrefix}-text`}
        label="Note"
        userId={userId}
        roster={roster}
        values={values}
        required
        rows={8}
        maxLength={limits.noteText}
        value={text}
        error={errors.text ?? errors.userId}
        onChange={changeText}
      />
      <AudienceNotice
        id={`${idPrefix}-audience`}
        query={audienceQuery(about, userId, values)}
        waiting="Choose the student and the lesson, and this says who will be able to read the note."
      />
      {note ? <p className="field-hint">{note}</p> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={pending} aria-describedby={`${idPrefix}-audience`}>
          {pending ? 'Saving…' : 'Save note'}
        </button>
      </div>
      <LiveMessage message={status.message} tone={status.tone} />
    </form>
  );
}
