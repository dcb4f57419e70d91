/** Sign in with a user token the platform issued (pasted or handed over). */
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/form-field';
import { LiveMessage } from '../../../components/states';
import { isApiError } from '../../../lib/api/api-error';
import { describeError } from '../../../lib/api/describe-error';
import { cleanToken } from '../api/auth-queries';

const MAX_TOKEN_LENGTH = 512;

export function validateToken(pasted: string): string | undefined {
  const token = cleanToken(pasted);
  if (token === '') return 'Paste a user token.';
  if (/\s/.test(token)) return 'A user token has no spaces or line breaks; copy it again.';
  if (token.length > MAX_TOKEN_LENGTH) return `A user token is at most ${MAX_TOKEN_LENGTH} characters.`;
  return undefined;
}

function explain(error: unknown): string {
  if (isApiError(error) && (error.code === 'invalid_token' || error.code === 'unauthorized')) {
    return 'The platform did not accept this token: it is wrong, expired or was revoked. Get a new token and paste it again.';
  }
  if (isApiError(error) && error.code === 'token_expired') {
    return 'This token has expired. Get a new token and paste it again.';
  }
  const { title, detail } = describeError(error, 'your profile');
  return `${title}. ${detail}`;
}

interface TokenSignInFormProps {
  readonly onSubmit: (token: string) => Promise<unknown>;
}

export function TokenSignInForm({ onSubmit }: TokenSignInFormProps) {
  const id = useId();
  const [token, setToken] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [failure, setFailure] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const problem = validateToken(token);
    setFieldError(problem);
    if (problem) {
      document.getElementById(`${id}-token`)?.focus();
      return;
    }
    setPending(true);
    try {
      await onSubmit(cleanToken(token));
    } catch (error) {
      setFailure(explain(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-token`}
        label="User token"
        type="password"
        hint="A token the platform issued to you for this app. It is kept in this browser until you sign out."
        required
        value={token}
        error={fieldError}
        onChange={(value) => {
          setToken(value);
          if (fieldError) setFieldError(undefined);
        }}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Checking the token…' : 'Sign in with token'}
        </button>
      </div>
      <LiveMessage message={failure} tone="error" />
    </form>
  );
}
