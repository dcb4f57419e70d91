/**
 * The submit flow of a form that saves a drafted text (the comment and note
 * forms): checked here first, and if refused, the fields to fix are marked
 * and focus moves to the first; else sent once at a time, saying so, and the
 * draft cleared when saved. A failure keeps the text, puts the service's
 * issues on the fields and says what failed. The text is kept per user
 * (useDraft) under the field name `text`, with the ids the form has chosen (`ids`).
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useDraft } from '../storage/use-draft';
import { type FieldErrors, fieldErrorsFromApi } from './field-errors';

export interface FormStatus {
  readonly message: string;
  readonly tone: 'info' | 'error';
}

export interface FormSubmissionOptions<F extends string, B> {
  /** The signed-in person: drafts are kept per user. */
  readonly userId: string;
  /** The draft's name among the person's drafts. */
  readonly draft: string;
  /** The ids the form has chosen (class, student, lesson), kept with the draft's text. */
  readonly ids?: Readonly<Record<string, string | undefined>>;
  readonly fieldLabels: Readonly<Record<F | 'text', string>>;
  /** The body to send, or the problems that keep the text (and the form's other values) from being sent. */
  readonly validate: (text: string) => { body?: B; errors: FieldErrors<F | 'text'> };
  readonly send: (body: B) => Promise<unknown>;
  readonly messages: {
    /** Said when the form's own check refuses it. */
    readonly refused: string;
    readonly sending: string;
    /** Said when saved ('' says nothing). */
    readonly sent: string;
    readonly failed: (error: unknown) => string;
  };
}

export function useFormSubmission<F extends string, B>({
  userId,
  draft,
  ids,
  fieldLabels,
  validate,
  send,
  messages,
}: FormSubmissionOptions<F, B>) {
  type Errors = FieldErrors<F | 'text'>;
  const formRef = useRef<HTMLFormElement>(null);
  const [text, setText, clearDraft] = useDraft(userId, draft, ids);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<FormStatus>({ message: '', tone: 'info' });
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // After a refused submit, take the person to the first field to fix.
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const { body, errors: found } = validate(text);
    setErrors(found);
    if (!body) {
      setStatus({ message: messages.refused, tone: 'error' });
      setAttempt((n) => n + 1);
      return;
    }
    setPending(true);
    setStatus({ message: messages.sending, tone: 'info' });
    try {
      await send(body);
      clearDraft();
      setStatus({ message: messages.sent, tone: 'info' });
    } catch (error) {
      setErrors(fieldErrorsFromApi(error, fieldLabels));
      setStatus({ message: messages.failed(error), tone: 'error' });
      setAttempt((n) => n + 1);
    } finally {
      setPending(false);
    }
  };

  /** A new text: its problem, if any, no longer stands. */
  const changeText = (value: string) => {
    setText(value);
    if (errors.text) setErrors((current) => ({ ...current, text: undefined }));
  };

  /** Other choices changed: their problems no longer stand; the text's does. */
  // The cast: TypeScript cannot see that `{ text }` is a partial record of keys that include `text`.
  const clearChoiceErrors = () => setErrors((current) => ({ text: current.text }) as Errors);

  return { formRef, submit, pending, status, errors, text, changeText, clearChoiceErrors };
}
