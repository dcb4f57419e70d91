/** The main way in: off to the platform's sign-in page, and back on /auth/callback. */
import { useState } from 'react';
import { LiveMessage } from '../../../components/states';
import { rememberReturnPath, takeReturnPath } from '../../../lib/session/return-path';
import { SignInStartError, startPlatformSignIn } from '../oauth/start-sign-in';

interface StartSignInButtonProps {
  /** Where to land after signing in; by default the page a signed-out person asked for. */
  readonly returnPath?: string | null;
  readonly label?: string;
}

export function StartSignInButton({
  returnPath,
  label = 'Sign in with your platform account',
}: StartSignInButtonProps) {
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState('');

  const start = async () => {
    setFailure('');
    setPending(true);
    const path = returnPath === undefined ? takeReturnPath() : returnPath;
    try {
      await startPlatformSignIn(path);
    } catch (error) {
      if (path !== null) rememberReturnPath(path);
      setFailure(
        error instanceof SignInStartError ? error.message : 'Could not open the platform’s sign-in page. Try again.',
      );
      setPending(false);
    }
  };

  return (
    <>
      <button type="button" className="button" disabled={pending} onClick={() => void start()}>
        {pending ? 'Opening the platform’s sign-in…' : label}
      </button>
      <LiveMessage message={failure} tone="error" />
    </>
  );
}
