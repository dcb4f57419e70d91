/**
 * A trainer's pinned phrases: kept by the platform where it offers the
 * pinned-phrases extension, else on this device under their userId
 * (storage/device-pins.ts). The answer says which, so the page can tell the
 * trainer where their pins live.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pinnedPhraseEndpoints } from '../../../contract/endpoints/pinned-phrases';
import { pinnedPhraseLimits } from '../../../contract/pinned-phrases';
import { readDevicePins, writeDevicePins } from '../storage/device-pins';
import { call } from './client';
import { withExtension } from './extensions';

export interface Pins {
  readonly phrases: readonly string[];
  /** Where they are kept: by the platform, or on this device only. */
  readonly kept: 'service' | 'device';
}

export const pinnedPhraseQueries = {
  all: () => ['pinned-phrases'] as const,
  of: (userId: string) =>
    queryOptions({
      queryKey: [...pinnedPhraseQueries.all(), userId] as const,
      queryFn: ({ signal }): Promise<Pins> =>
        withExtension(
          'pinned-phrases',
          async (): Promise<Pins> => ({
            phrases: (await call(pinnedPhraseEndpoints.pinnedPhrases, { signal })).phrases,
            kept: 'service',
          }),
          (): Pins => ({ phrases: readDevicePins(userId), kept: 'device' }),
        ),
      retry: 1,
    }),
};

function save(userId: string, phrases: readonly string[]): Promise<Pins> {
  return withExtension(
    'pinned-phrases',
    async (): Promise<Pins> => ({
      phrases: (await call(pinnedPhraseEndpoints.putPinnedPhrases, { body: { phrases: [...phrases] } })).phrases,
      kept: 'service',
    }),
    (): Pins => {
      writeDevicePins(userId, phrases);
      return { phrases, kept: 'device' };
    },
  );
}

/** The phrases (read once `enabled`), and pinning and unpinning one (the whole list written at once). */
export function usePinnedPhrases(userId: string, enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...pinnedPhraseQueries.of(userId), enabled });
  const phrases = query.data?.phrases ?? [];
  const mutation = useMutation({
    mutationFn: (next: readonly string[]) => save(userId, next),
    onSuccess: (pins) => queryClient.setQueryData(pinnedPhraseQueries.of(userId).queryKey, pins),
  });
  return {
    phrases,
    kept: query.data?.kept,
    loaded: query.isSuccess,
    saving: mutation.isPending,
    error: mutation.error ?? query.error,
    full: phrases.length >= pinnedPhraseLimits.count,
    pin: (phrase: string) => {
      const text = phrase.trim();
      if (text === '' || phrases.includes(text)) return Promise.resolve();
      return mutation.mutateAsync([...phrases, text]);
    },
    unpin: (phrase: string) => mutation.mutateAsync(phrases.filter((p) => p !== phrase)),
  };
}
