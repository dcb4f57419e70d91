/** The signed-in person's friends (section 4.3). */
import { queryOptions } from '@tanstack/react-query';
import { profileEndpoints } from '../../../../contract/endpoints/profile';
import { call } from '../../../lib/api/client';

export const friendQueries = {
  all: () => ['friends'] as const,
  mine: () =>
    queryOptions({
      queryKey: [...friendQueries.all(), 'mine'] as const,
      queryFn: ({ signal }) => call(profileEndpoints.myFriends, { signal }),
    }),
};
