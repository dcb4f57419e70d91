/**
 * The header's sign-out. It asks first when something would be lost: an
 * anonymous profile (it cannot be signed in to again), or unsent drafts,
 * which signing out deletes so that the next person on this browser cannot
 * read them. A session that only expires keeps the drafts. The session ends
 * on the platform too (`/oauth/logout`, see signOutOfPlatform).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../components/confirm-dialog';
import { signOutOfPlatform } from '../lib/api/client';
import { type CurrentSession, sessionStore } from '../lib/session/session-store';
import { countDrafts } from '../lib/storage/app-storage';

const unsentDrafts = (count: number) => `${count} unsent draft${count === 1 ? '' : 's'}`;

export function SignOutButton({ session }: { readonly session: CurrentSession }) {
  const [confirming, setConfirming] = useState(false);
  /** Counted when the person asks to sign out: a form may have saved or drafted since the page opened. */
  const [drafts, setDrafts] = useState(0);
  const anonymous = session.method === 'anonymous';
  const signOut = useMutation({
    mutationFn: signOutOfPlatform,
    // The local session ends whatever the service says: signing out must always work.
    // The signed-in layout's session gate then sends the person to sign in (or to a new anonymous profile).
    onSettled: () => sessionStore.end('signed-out', session.userId),
  });

  const ask = () => {
    const count = countDrafts(session.userId);
    if (!anonymous && count === 0) {
      signOut.mutate();
      return;
    }
    setDrafts(count);
    setConfirming(true);
  };

  return (
    <>
      <button type="button" className="button button-secondary button-small" disabled={signOut.isPending} onClick={ask}>
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
            {drafts > 0 ? ` Your ${unsentDrafts(drafts)} go with it.` : null}
          </p>
        </ConfirmDialog>
      ) : (
        <ConfirmDialog
          open={confirming}
          title={`Sign out and discard ${unsentDrafts(drafts)}?`}
          confirmLabel="Sign out and discard"
          pending={signOut.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => signOut.mutate()}
        >
          <p>
            Your {unsentDrafts(drafts)} (text written in a comment or note form and not saved yet) will be deleted from
            this browser when you sign out, so that nobody who uses it after you can read them. Cancel to go back and
            save them first.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
