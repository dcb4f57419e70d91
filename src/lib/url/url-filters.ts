/**
 * A list's filters in the URL's search params, read and written through the
 * contract's filter schema of that list (`commentFiltersSchema`,
 * `noteFiltersSchema`), so the page, its query key and the service read one
 * definition. Only ids and enum values go there, never names.
 *
 * Each parameter is checked on its own: a hand-edited value the schema
 * refuses is dropped (the service would refuse the request), the others stay.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { z } from 'zod/mini';

/** A contract filter schema: every field optional, each read from one URL parameter. */
export type UrlFilterSchema = z.ZodMiniObject<Readonly<Record<string, z.ZodMiniType<unknown, string | undefined>>>>;

/** What a list's URL holds. */
export interface UrlFilters<S extends UrlFilterSchema> {
  /** As the service takes them (a list comma-separated): the contract's filters type, for the query key. */
  readonly filters: z.input<S>;
  /** As the schema parses them (a list as an array): for the form. */
  readonly values: z.output<S>;
}

/** Options of readUrlFilters and useUrlFilters. */
export interface UrlFilterOptions<S extends UrlFilterSchema> {
  /** What holds when the URL names nothing the schema accepts (e.g. the kinds of note a list starts with). Never written to the URL. */
  readonly defaults?: Partial<z.input<S>>;
}

/** A parsed value as a URL parameter: a list comma-separated, as the contract's schemas split it. */
function asParam(value: unknown): string {
  return (Array.isArray(value) ? value.join(',') : String(value)).trim();
}

export function readUrlFilters<S extends UrlFilterSchema>(
  params: URLSearchParams,
  schema: S,
  { defaults = {} }: UrlFilterOptions<S> = {},
): UrlFilters<S> {
  const filters: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const fallback = defaults as Record<string, string | undefined>;
  for (const [key, field] of Object.entries(schema.shape)) {
    for (const given of [params.get(key)?.trim(), fallback[key]]) {
      if (!given) continue;
      const parsed = field.safeParse(given);
      if (!parsed.success) continue;
      values[key] = parsed.data;
      filters[key] = asParam(parsed.data);
      break;
    }
  }
  return { filters, values } as UrlFilters<S>;
}

/** Every filter of the list at once: a key left out (or empty) leaves the URL. */
export type FilterValues<S extends UrlFilterSchema> = {
  readonly [K in keyof z.output<S>]?: z.output<S>[K] | undefined;
};

interface UrlFilterState<S extends UrlFilterSchema> extends UrlFilters<S> {
  /** Replaces the list's filters in the URL (other parameters stay). */
  readonly setFilters: (next: FilterValues<S>) => void;
  /** Drops one filter from the URL, leaving the others as they are. */
  readonly removeFilter: (key: keyof z.output<S> & string) => void;
}

/**
 * The filters of the URL, and their writers. `order` is the order new
 * parameters are added in (the rest of the schema's keys follow); reload and
 * back/forward restore the view.
 */
export function useUrlFilters<S extends UrlFilterSchema>(
  schema: S,
  { defaults, order = [] }: UrlFilterOptions<S> & { readonly order?: readonly string[] } = {},
): UrlFilterState<S> {
  const [params, setParams] = useSearchParams();
  const orderKey = order.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `orderKey` stands for `order`.
  const keys = useMemo(() => [...new Set([...order, ...Object.keys(schema.shape)])], [schema, orderKey]);
  const serialized = keys.map((key) => `${key}=${params.get(key) ?? ''}`).join('&');
  const fallback = JSON.stringify(defaults ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: `serialized` and `fallback` stand for what is read of `params` and `defaults`.
  const read = useMemo(() => readUrlFilters(params, schema, { defaults }), [schema, serialized, fallback]);

  const setFilters = useCallback(
    (next: FilterValues<S>) => {
      const given = next as Record<string, unknown>;
      setParams((current) => {
        const updated = new URLSearchParams(current);
        for (const key of keys) {
          const value = given[key] === undefined ? '' : asParam(given[key]);
          if (value) updated.set(key, value);
          else updated.delete(key);
        }
        return updated;
      });
    },
    [keys, setParams],
  );
  const removeFilter = useCallback(
    (key: string) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.delete(key);
        return updated;
      }),
    [setParams],
  );
  return { ...read, setFilters, removeFilter };
}
