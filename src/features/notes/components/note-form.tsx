/**
 * Write a training note. A note from the training dashboard is about a
 * student in a lesson, so both are required; the platform adds the class,
 * course and user ids. The text is kept as a draft until the note is saved.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { limits } from '../../../../contract/common';
import { type CreateNoteBody, createNoteBodySchema } from '../../../../contract/notes';
import type { Roster } from '../../../../contract/roster';
import { TextAreaField } from '../../../components/form-field';
import { RosterFields, type RosterValues } from '../../../components/roster-fields';
import { LiveMessage } from '../../../components/states';
import { isApiError } from '../../../lib/api/api-error';
import { describeError } from '../../../lib/api/describe-error';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsFromZod } from '../../../lib/forms/field-errors';
import { useDraft } from '../../../lib/storage/use-draft';

type Field = 'classId' | 'studentId' | 'lessonId' | 'text';
type Errors = FieldErrors<Field>;

const fieldLabels: Record<Field, string> = { classId: 'Class', studentId: 'Student', lessonId: 'Lesson', text: 'Note' };

export function validateNote(values: RosterValues, text: string): { body?: CreateNoteBody; errors: Errors } {
  const errors: Errors = {};
  if (!values.studentId) errors.studentId = 'Choose the student the note is about.';
  if (!values.lessonId)
    errors.lessonId = 'Choose the lesson: a training-dashboard note is about a student in a lesson.';
  const parsed = createNoteBodySchema.safeParse({
    text,
    studentId: values.studentId || undefined,
    lessonId: values.lessonId || undefined,
  });
  if (!parsed.success) fieldErrorsFromZod(parsed.error.issues, fieldLabels, errors);
  return parsed.success && Object.keys(errors).length === 0 ? { body: parsed.data, errors } : { errors };
}

interface NoteFormProps {
  readonly roster: Roster | null;
  readonly userId: string;
  readonly defaults: RosterValues;
  readonly onSubmit: (body: CreateNoteBody) => Promise<unknown>;
}

export function NoteForm({ roster, userId, defaults, onSubmit }: NoteFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<RosterValues>(defaults);
  const [text, setText, clearDraft] = useDraft(userId, 'note');
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ message: string; tone: 'info' | 'error' }>({ message: '', tone: 'info' });
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const hasRoster = roster !== null && roster.classes.length > 0;

  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const { body, errors: found } = validateNote(values, text);
    setErrors(found);
    if (!body) {
      setStatus({ message: 'The note was not saved: fix the marked fields.', tone: 'error' });
      setAttempt((n) => n + 1);
      return;
    }
    setPending(true);
    setStatus({ message: 'Saving the note…', tone: 'info' });
    try {
      await onSubmit(body);
      clearDraft();
    } catch (error) {
      setErrors(fieldErrorsFromApi(error, fieldLabels));
      const { title, detail } = describeError(error, 'the note');
      setStatus({
        message: `The note was not saved. ${isApiError(error) && error.code === 'invalid_input' ? 'Fix the marked fields.' : `${title}. ${detail}`} Your text is kept; try again.`,
        tone: 'error',
      });
      setAttempt((n) => n + 1);
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={form} className="form" onSubmit={submit} noValidate aria-label="New training note">
      <RosterFields
        roster={roster}
        fields={hasRoster ? ['classId', 'studentId', 'lessonId'] : ['studentId', 'lessonId']}
        values={values}
        onChange={(next) => {
          setValues(next);
          setErrors((current) => ({ text: current.text }));
        }}
        mode="form"
        idPrefix="new-note"
        required={{ studentId: true, lessonId: true }}
        errors={errors}
      />
      <TextAreaField
        id="new-note-text"
        label="Note"
        required
        rows={8}
        maxLength={limits.noteText}
        value={text}
        error={errors.text}
        onChange={(value) => {
          setText(value);
          if (errors.text) setErrors((current) => ({ ...current, text: undefined }));
        }}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : 'Save note'}
        </button>
      </div>
      <LiveMessage message={status.message} tone={status.tone} />
    </form>
  );
}
