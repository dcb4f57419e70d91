/**
 * What the signed-in person's dashboard offers, from the profile's trainer
 * flag, whether the account is anonymous and whether the app holds the
 * training scope (the session extension's scopes; without it, known from
 * the first trainer read the platform refuses for want of the scope). Trainer pages (comments, student records, the mission
 * planner) need all three to say yes; everyone gets their profile, friends
 * and the notes they may keep.
 */
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { extensions } from '../api/extensions';
import { useSession } from '../session/use-session';
import { accessQueries } from './access-queries';

export const TRAINING_SCOPE = 'training';

export interface Access {
  /** Trainer pages are offered. */
  readonly trainer: boolean;
  readonly anonymous: boolean;
  /** The profile says trainer, but this app may not show trainer pages (no training scope). */
  readonly trainerWithoutScope: boolean;
}

export type AccessState =
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly error: unknown; readonly retry: () => void }
  | { readonly status: 'ready'; readonly access: Access };

export function useAccess(): AccessState {
  const session = useSession();
  const profile = useQuery(accessQueries.myProfile());
  const info = useQuery(accessQueries.session());
  const scopeRefused = useSyncExternalStore(extensions.subscribe, () => !extensions.offered('training-scope'));
  if (profile.isError || info.isError) {
    return {
      status: 'error',
      error: profile.error ?? info.error,
      retry: () => {
        if (profile.isError) void profile.refetch();
        if (info.isError) void info.refetch();
      },
    };
  }
  if (profile.isPending || info.isPending) return { status: 'pending' };
  // Without the session extension: anonymous as signed in, and the scope assumed until a comment read is refused for want of it.
  const anonymous = info.data ? info.data.anonymous : session?.method === 'anonymous';
  const scope = info.data ? info.data.scopes.includes(TRAINING_SCOPE) : !scopeRefused;
  const profileTrainer = profile.data.trainer && !anonymous;
  return {
    status: 'ready',
    access: { trainer: profileTrainer && scope, anonymous, trainerWithoutScope: profileTrainer && !scope },
  };
}
