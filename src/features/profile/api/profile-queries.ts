/** The signed-in person's own profile, picture and cover photo (section 4.3). */
import { queryOptions } from '@tanstack/react-query';
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import { accessQueries } from '../../../lib/access/access-queries';
import { call } from '../../../lib/api/client';
import { orNoPicture } from '../../../lib/api/picture-queries';

export const profileQueries = {
  all: () => ['profile'] as const,
  /** Shared with the navigation, which follows the profile's trainer flag. */
  me: accessQueries.myProfile,
  picture: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'picture'] as const,
      queryFn: ({ signal }) => orNoPicture(call(profileEndpoints.myPicture, { signal })),
      staleTime: 5 * 60_000,
    }),
  cover: () =>
    queryOptions({
      queryKey: [...profileQueries.all(), 'cover'] as const,
      queryFn: ({ signal }) => orNoPicture(call(profileEndpoints.myCover, { signal })),
      staleTime: 5 * 60_000,
    }),
};
