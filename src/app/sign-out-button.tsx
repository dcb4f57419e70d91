/**
 * The header's sign-out. An anonymous profile cannot be signed in to again,
 * so its sign-out asks first.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionEndpoints } from '../../contract/endpoints/sessions';
import { ConfirmDialog } from '../components/confirm-dialog';
import { call } from '../lib/api/client';
import { type CurrentSession, sessionStore } from '../lib/session/session-store';

export function SignOutButton({ session }: { readonly session: CurrentSession }) {
  const [confirming, setConfirming] = useState(false);
  const anonymous = session.method === 'anonymous';
  const signOut = useMutation({
    mutationFn: () => call(sessionEndpoints.signOut, {}),
    // The local session ends whatever the service says: signing out must always work.
    // The session gate below then sends the person to sign in (or to a new anonymous profile).
    onSettled: () => sessionStore.end('signed-out', session.userId),
  });

  return (
    <>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={signOut.isPending}
        onClick={() => (anonymous ? setConfirming(true) : signOut.mutate())}
      >
        Sign out
      </button>
      {anonymous ? (
        <ConfirmDialog
          open={confirming}
          title="Sign out of the anonymous profile?"
          confirmLabel="Sign out and discard profile"
          pending={signOut.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => signOut.mutate()}
        >
          <p>
            An anonymous profile cannot be signed in to again. If you sign out, this profile and everything you did with
            it are gone for you, and next time you start with a new anonymous profile.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
