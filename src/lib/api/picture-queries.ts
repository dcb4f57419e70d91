/**
 * Pictures by the id a profile, friend or comment names (extension
 * `GET /user/v1/pictures/:pictureId`). Shared: comments, friends and the
 * profile all show them. 404 means no picture, so it resolves to null.
 *
 * Each picture is asked for in a task of its own, after the render that
 * shows its card. A list mounts a dozen avatars in one commit, and each
 * avatar's query starts when React subscribes it, in that commit's effects:
 * starting a dozen requests there held the main thread ~35 ms on /comments
 * (Lighthouse's trace, unthrottled; about 140 ms on its phone), the longest
 * task after the first paint. A picture is decoration beside a name that is
 * already shown, so it waits a task.
 */
import { queryOptions } from '@tanstack/react-query';
import { profileEndpoints } from '../../../contract/endpoints/profile';
import { inATaskOfItsOwn } from '../tasks/next-task';
import { isApiError } from './api-error';
import { call } from './client';
import { isUnknownAddress, withExtension } from './extensions';

export function toJpegDataUrl(base64: string): string {
  return `data:image/jpeg;base64,${base64}`;
}

/** Resolves to null on 404 about the picture: the person has no such picture. */
export async function orNoPicture(load: Promise<string>): Promise<string | null> {
  try {
    return toJpegDataUrl(await load);
  } catch (error) {
    if (isApiError(error) && error.status === 404 && !isUnknownAddress(error)) return null;
    throw error;
  }
}

export const pictureQueries = {
  all: () => ['pictures'] as const,
  byId: (pictureId: string) =>
    queryOptions({
      queryKey: [...pictureQueries.all(), pictureId] as const,
      // Where the platform has no pictures by id, every picture is "none": initials, and no request after the first.
      queryFn: async ({ signal }) => {
        // Left before its turn (the card went away): nothing is asked, not even a session renewed.
        await inATaskOfItsOwn(signal);
        return withExtension(
          'pictures',
          () => orNoPicture(call(profileEndpoints.picture, { params: { pictureId }, signal })),
          () => null,
        );
      },
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
