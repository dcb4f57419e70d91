/** The friends list, asked for while the friends page's code loads. */
import type { PrefetchArgs } from '../../lib/api/prefetch-args';
import { friendQueries } from './api/friend-queries';

export default function prefetchFriends({ queryClient }: PrefetchArgs): void {
  void queryClient.prefetchQuery(friendQueries.mine());
}
