/**
 * Puts problems on the form fields they are about: the client's own zod
 * issues (path `['text']`) and the service's `issues` (path `body.text`)
 * alike. The first problem per field wins.
 */
import type { z } from 'zod/mini';
import { isApiError } from '../api/api-error';

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

function place<F extends string>(
  errors: FieldErrors<F>,
  labels: Readonly<Record<F, string>>,
  path: string,
  message: string,
): void {
  const field = path.replace(/^body\./, '').split('.')[0] ?? '';
  if (Object.hasOwn(labels, field) && !errors[field as F]) {
    errors[field as F] = `${labels[field as F]} ${message}.`;
  }
}

export function fieldErrorsFromZod<F extends string>(
  issues: readonly z.core.$ZodIssue[],
  labels: Readonly<Record<F, string>>,
  errors: FieldErrors<F> = {},
): FieldErrors<F> {
  for (const issue of issues) place(errors, labels, issue.path.map(String).join('.'), issue.message);
  return errors;
}

export function fieldErrorsFromApi<F extends string>(
  error: unknown,
  labels: Readonly<Record<F, string>>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (isApiError(error)) for (const issue of error.issues) place(errors, labels, issue.path, issue.message);
  return errors;
}
