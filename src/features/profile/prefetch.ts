/** The profile's pictures (the profile itself comes with every signed-in page), asked for while its code loads. */
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { profileQueries } from './api/profile-queries';

export default function prefetchProfile({ queryClient }: PrefetchArgs): void {
  void queryClient.prefetchQuery(profileQueries.cover());
  void queryClient.prefetchQuery(profileQueries.picture());
}
