/**
 * Labelled form controls: the label, an optional hint and the field's error
 * are tied to the control (aria-describedby, aria-invalid).
 */
import type { ReactNode } from 'react';

export interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly hint?: ReactNode;
  readonly error?: string | undefined;
  readonly required?: boolean;
  readonly children: ReactNode;
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** What ties a control to its label's hint and error, and says it is required or invalid. */
function controlAria(id: string, hint: unknown, error: unknown, required: boolean | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, hint, error),
    'aria-required': required || undefined,
  } as const;
}

export function FieldFrame({ id, label, hint, error, required, children }: FieldFrameProps) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required ? <span className="required-mark"> (required)</span> : null}
      </label>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<FieldFrameProps, 'children'> {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly type?: 'text' | 'search' | 'password';
  readonly autoComplete?: string;
}

export function TextField({
  id,
  label,
  hint,
  error,
  required,
  value,
  onChange,
  type = 'text',
  autoComplete,
}: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete ?? 'off'}
        spellCheck={false}
        {...controlAria(id, hint, error, required)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

interface TextAreaFieldProps extends Omit<FieldFrameProps, 'children'> {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly rows?: number;
  readonly maxLength?: number;
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  required,
  value,
  onChange,
  rows = 4,
  maxLength,
}: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        value={value}
        rows={rows}
        {...controlAria(id, hint, error, required)}
        onChange={(event) => onChange(event.target.value)}
      />
      {maxLength ? (
        <p className={value.length > maxLength ? 'field-count field-count-over' : 'field-count'}>
          {value.length} / {maxLength} characters
        </p>
      ) : null}
    </FieldFrame>
  );
}

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

interface SelectFieldProps extends Omit<FieldFrameProps, 'children'> {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly options: readonly SelectOption[];
  /** The first, empty option: "All students" in a filter, "Choose a student" in a form. */
  readonly emptyLabel: string;
}

export function SelectField({
  id,
  label,
  hint,
  error,
  required,
  value,
  onChange,
  options,
  emptyLabel,
}: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        value={value}
        {...controlAria(id, hint, error, required)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{emptyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
