/**
 * Pictures by the id a profile, friend or comment names (extension
 * `GET /user/v1/pictures/:pictureId`). Shared: comments, friends and the
 * profile all show them. 404 means no picture, so it resolves to null.
 */
import { queryOptions } from '@tanstack/react-query';
import { profileEndpoints } from '../../../contract/endpoints/profile';
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
      queryFn: ({ signal }) =>
        withExtension(
          'pictures',
          () => orNoPicture(call(profileEndpoints.picture, { params: { pictureId }, signal })),
          () => null,
        ),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
