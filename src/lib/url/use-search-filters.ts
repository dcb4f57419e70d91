/**
 * Filters live in the URL's search params, so reload and back/forward
 * restore the view. Only ids and enum values go there, never names.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type Filters<K extends string> = Partial<Record<K, string>>;

export function readFilters<K extends string>(params: URLSearchParams, keys: readonly K[]): Filters<K> {
  const filters: Filters<K> = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

export function useSearchFilters<K extends string>(keys: readonly K[]): [Filters<K>, (next: Filters<K>) => void] {
  const [params, setParams] = useSearchParams();
  const serialized = keys.map((key) => `${key}=${params.get(key) ?? ''}`).join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `serialized` stands for the values of `keys` in `params`.
  const filters = useMemo(() => readFilters(params, keys), [serialized]);

  const setFilters = useCallback(
    (next: Filters<K>) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of keys) {
          const value = next[key]?.trim();
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      });
    },
    [keys, setParams],
  );
  return [filters, setFilters];
}
