/** With every signed-in page: who the person is (see use-access), asked for while the page's code loads. */
import type { PrefetchArgs } from '../api/prefetch-args';
import { accessQueries } from './access-queries';

export default function prefetchAccess({ queryClient }: PrefetchArgs): void {
  void queryClient.prefetchQuery(accessQueries.myProfile());
  void queryClient.prefetchQuery(accessQueries.session());
}
