/**
 * The signed-in person changes their own password: the current one, a new
 * one (12 to 128 characters; the service judges its strength and says why it
 * refuses one, shown on the field) and the new one again. A refusal keeps
 * everything typed; a success clears the fields and says how many other
 * sign-ins ended. A person with no password here (they sign in through their
 * organization) is told so by the service, and the form gives way to that.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { newPasswordLimits } from '../../../../contract/passwords';
import { TextField } from '../../../components/form-field';
import { LiveMessage } from '../../../components/states';
import { isApiError } from '../../../lib/api/api-error';
import { describeError } from '../../../lib/api/describe-error';
import { isUnknownAddress } from '../../../lib/api/extensions';
import type { FieldErrors } from '../../../lib/forms/field-errors';
import { changePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'again';

const labels: Readonly<Record<Field, string>> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  again: 'New password again',
};

/** The form's own checks, before anything is sent. */
function checkPasswords(values: Readonly<Record<Field, string>>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const { min, max } = newPasswordLimits;
  const length = [...values.newPassword].length;
  if (values.currentPassword === '') errors.currentPassword = 'Enter your current password.';
  if (length < min) errors.newPassword = `The new password must be at least ${min} characters long.`;
  else if (length > max) errors.newPassword = `The new password must be at most ${max} characters long.`;
  else if (values.newPassword === values.currentPassword) {
    errors.newPassword = 'The new password is the same as your current one.';
  }
  if (values.again !== values.newPassword) errors.again = 'This is not the same as the new password.';
  return errors;
}

/** The service's issues on the fields: its sentences as they are, its bare rules after the field's name. */
function serviceErrors(error: unknown): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!isApiError(error)) return errors;
  for (const issue of error.issues) {
    const field = issue.path.replace(/^body\./, '');
    if (field !== 'currentPassword' && field !== 'newPassword') continue;
    if (errors[field]) continue;
    const sentence = /^[A-Z]/.test(issue.message);
    errors[field] = sentence
      ? issue.message
      : field === 'currentPassword'
        ? `This ${issue.message}.`
        : `${labels[field]} ${issue.message}.`;
  }
  return errors;
}

function failureMessage(error: unknown, onFields: boolean): string {
  if (onFields) return 'Your password was not changed: see the fields marked. What you typed is kept.';
  if (isApiError(error) && error.code === 'too_many_requests') {
    const wait = error.retryAfterSeconds ? ` Try again in ${error.retryAfterSeconds} seconds.` : ' Try again later.';
    return `Your password was not changed: too many tries.${wait}`;
  }
  const { title, detail } = describeError(error, 'your password');
  return `Your password was not changed. ${title}. ${detail}`;
}

const empty: Readonly<Record<Field, string>> = { currentPassword: '', newPassword: '', again: '' };

export function ChangePasswordForm() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<{ message: string; tone: 'info' | 'error' }>({ message: '', tone: 'info' });
  const [pending, setPending] = useState(false);
  /** The service's word that this cannot work here (no password to change, or no such extension). */
  const [unavailable, setUnavailable] = useState<string>();

  // Asked for by a count, so the focus moves in the effect after the commit that marks the fields: a frame
  // callback could run before React had rendered the service's answer, and then found no field to focus.
  const [focusAsked, setFocusAsked] = useState(0);
  useEffect(() => {
    if (focusAsked > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusAsked]);
  const focusFirstInvalid = () => setFocusAsked((n) => n + 1);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = checkPasswords(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus({ message: 'Your password was not changed: see the fields marked.', tone: 'error' });
      focusFirstInvalid();
      return;
    }
    setPending(true);
    setStatus({ message: 'Changing your password…', tone: 'info' });
    try {
      const { endedSessions } = await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      setValues(empty);
      const others =
        endedSessions === 0
          ? 'You were signed in nowhere else.'
          : `You are signed out of ${endedSessions === 1 ? 'your one other sign-in' : `your ${endedSessions} other sign-ins`}; this one stays.`;
      setStatus({ message: `Your password is changed. ${others}`, tone: 'info' });
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setUnavailable(error.message);
      } else if (isUnknownAddress(error)) {
        setUnavailable('This platform does not offer changing your password from the dashboard.');
      } else {
        const onFields = serviceErrors(error);
        setErrors(onFields);
        const marked = Object.keys(onFields).length > 0;
        setStatus({ message: failureMessage(error, marked), tone: 'error' });
        if (marked) focusFirstInvalid();
      }
    } finally {
      setPending(false);
    }
  };

  if (unavailable !== undefined) {
    return (
      <div className="callout callout-info" role="status">
        <p className="callout-title">There is no password to change</p>
        <p>{unavailable}</p>
      </div>
    );
  }

  const field = (name: Field, autoComplete: string, hint?: string) => (
    <TextField
      id={`${id}-${name}`}
      label={labels[name]}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      required
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      }}
    />
  );

  return (
    <form ref={formRef} className="form" onSubmit={submit} noValidate aria-busy={pending || undefined}>
      {field('currentPassword', 'current-password')}
      {field(
        'newPassword',
        'new-password',
        `${newPasswordLimits.min} to ${newPasswordLimits.max} characters. A few unrelated words are easy to remember and hard to guess; common passwords are refused.`,
      )}
      {field('again', 'new-password')}
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Changing your password…' : 'Change password'}
        </button>
      </div>
      <LiveMessage message={status.message} tone={status.tone} />
    </form>
  );
}
