/**
 * Add a comment about a student in a class, optionally a lesson. The text is
 * kept as a draft per user until the comment is saved, so a failure loses
 * nothing; the service's field issues land on the fields. Before saving, the
 * form says who will be able to read the comment (AudienceNotice).
 */
import { useState } from 'react';
import { type CreateCommentBody, createCommentBodySchema } from '../../../../contract/comments';
import { limits } from '../../../../contract/common';
import type { Roster } from '../../../../contract/roster';
import { AudienceNotice } from '../../../components/audience-notice';
import { OwnWordsField } from '../../../components/own-words-field';
import { RosterFields, type RosterValues, startingChoices } from '../../../components/roster-fields';
import { LiveMessage } from '../../../components/states';
import { isApiError } from '../../../lib/api/api-error';
import { describeError } from '../../../lib/api/describe-error';
import { type FieldErrors, fieldErrorsFromZod } from '../../../lib/forms/field-errors';
import { useFormSubmission } from '../../../lib/forms/use-form-submission';

type Field = 'classId' | 'studentId' | 'lessonId' | 'text';
type Errors = FieldErrors<Field>;

const fieldLabels: Record<Field, string> = {
  classId: 'Class',
  studentId: 'Student',
  lessonId: 'Lesson',
  text: 'Comment',
};

export function validateComment(values: RosterValues, text: string): { body?: CreateCommentBody; errors: Errors } {
  const errors: Errors = {};
  if (!values.classId) errors.classId = 'Choose the class the comment is about.';
  if (!values.studentId) errors.studentId = 'Choose the student the comment is about.';
  const parsed = createCommentBodySchema.safeParse({
    classId: values.classId ?? '',
    studentId: values.studentId ?? '',
    lessonId: values.lessonId || undefined,
    text,
  });
  if (parsed.success) return { body: parsed.data, errors };
  return { errors: fieldErrorsFromZod(parsed.error.issues, fieldLabels, errors) };
}

function failureMessage(error: unknown): string {
  if (isApiError(error) && error.code === 'invalid_input') {
    return 'The comment was not saved: fix the marked fields and add it again. Your text is kept.';
  }
  const { title, detail } = describeError(error, 'the comment');
  const hint = isApiError(error) && error.code === 'missing_scope' ? '' : ' Your text is kept; try again.';
  return `The comment was not saved. ${title === 'Could not load the comment' ? '' : `${title}. `}${detail}${hint}`;
}

const draftElsewhere =
  'Your unsent text below was started about another student or class: check the student and class before adding it.';

interface CommentFormProps {
  readonly roster: Roster | null;
  /** Drafts are kept per signed-in user. */
  readonly userId: string;
  /** Preselected class, student and lesson (the current filters). */
  readonly defaults: RosterValues;
  readonly onSubmit: (body: CreateCommentBody) => Promise<unknown>;
  /** Ids of the form's controls start with this (two comment forms never share a page, but a record page has one). */
  readonly idPrefix?: string;
}

export function CommentForm({ roster, userId, defaults, onSubmit, idPrefix = 'new-comment' }: CommentFormProps) {
  // A kept draft is about the class, student and lesson it was written for, whatever the filters say now.
  const [start] = useState(() =>
    startingChoices(roster, ['classId', 'studentId', 'lessonId'], userId, 'comment', {
      classId: defaults.classId,
      studentId: defaults.studentId,
      lessonId: defaults.lessonId,
    }),
  );
  const [values, setValues] = useState<RosterValues>(start.values);
  const { formRef, submit, pending, status, errors, text, changeText, clearChoiceErrors } = useFormSubmission({
    userId,
    draft: 'comment',
    ids: values,
    fieldLabels,
    validate: (typed) => validateComment(values, typed),
    send: onSubmit,
    messages: {
      refused: 'The comment was not added: fix the marked fields.',
      sending: 'Adding the comment…',
      sent: 'Comment added.',
      failed: failureMessage,
    },
  });

  return (
    <form ref={formRef} className="form" onSubmit={submit} noValidate aria-label="Add a comment">
      <RosterFields
        roster={roster}
        fields={['classId', 'studentId', 'lessonId']}
        values={values}
        onChange={(next) => {
          setValues(next);
          clearChoiceErrors();
        }}
        mode="form"
        idPrefix={idPrefix}
        required={{ classId: true, studentId: true }}
        errors={errors}
      />
      {start.elsewhere && text ? <p className="field-hint">{draftElsewhere}</p> : null}
      <OwnWordsField
        id={`${idPrefix}-text`}
        label="Comment"
        userId={userId}
        roster={roster}
        values={values}
        required
        rows={5}
        maxLength={limits.commentText}
        value={text}
        error={errors.text}
        onChange={changeText}
      />
      <AudienceNotice
        id={`${idPrefix}-audience`}
        query={
          values.classId
            ? { kind: 'comment', classId: values.classId, studentId: values.studentId, lessonId: values.lessonId }
            : null
        }
        waiting="Choose the class, and this says who will be able to read the comment."
      />
      {/* Section 1 of the interface: trainers add and read comments; no route shows them to the student. */}
      <p className="field-hint" id={`${idPrefix}-not-student`}>
        Comments are for the class’s trainers: the student does not see them.
      </p>
      <div className="actions">
        <button
          type="submit"
          className="button"
          disabled={pending}
          aria-describedby={`${idPrefix}-audience ${idPrefix}-not-student`}
        >
          {pending ? 'Adding…' : 'Add comment'}
        </button>
      </div>
      <LiveMessage message={status.message} tone={status.tone} />
    </form>
  );
}
