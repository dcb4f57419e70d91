/**
 * Whether an extension a page is built on is offered, found out from the
 * page's first read of it (`probe`): false once that read answers as an
 * unknown address, which marks the extension absent for the session. The
 * page then says it is not available here instead of showing what cannot work.
 */
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { type Extension, extensions, isUnknownAddress } from './extensions';

export function useOffered<T, K extends QueryKey>(name: Extension, probe: UseQueryOptions<T, Error, T, K>): boolean {
  const offered = useSyncExternalStore(extensions.subscribe, () => extensions.offered(name));
  const read = useQuery({ ...probe, enabled: offered });
  const absent = isUnknownAddress(read.error);
  useEffect(() => {
    if (absent) extensions.markAbsent(name);
  }, [absent, name]);
  return offered && !absent;
}
