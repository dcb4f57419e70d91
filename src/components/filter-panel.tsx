/**
 * The filter panel of a filtered list, one for every list page (comments,
 * notes, and the lists to come): the filters in the URL, parsed with the
 * contract's filter schema of the list; the chips that name them above the
 * results; how many are on; and applying moves focus to the results' heading
 * (which says how many), so the results chosen come next (on a narrow screen
 * it folds the panel too). The form is built again with the new filters, so
 * focus left on its button would drop to the page's top.
 *
 *   const panel = useFilterPanel(commentFiltersSchema, { chips: rosterFilterChips(names) });
 *   const list = useInfiniteQuery(commentQueries.list(panel.filters));
 *   <FilterPanel panel={panel} title="Filter comments" needs={roster} what="your classes" fields={skeleton}>
 *     {(data) => <CommentFiltersForm roster={data} filters={panel.values} onApply={panel.apply} />}
 *   </FilterPanel>
 *   <h2 ref={panel.resultsHeading} tabIndex={-1}>Comments</h2>
 *   <FilterChips {...panel.chips} />
 *
 * The form keeps its own values until applied; the panel builds it afresh
 * whenever the URL's filters change (a chip removed, back or forward).
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import type { z } from 'zod/mini';
import {
  type FilterValues,
  type UrlFilterOptions,
  type UrlFilterSchema,
  type UrlFilters,
  useUrlFilters,
} from '../lib/url/url-filters';
import type { FilterChip } from './filter-chips';
import { Fold } from './fold';
import { ErrorState, FormSkeleton, type SkeletonField, useShownTogether } from './states';

/** A filter shown as a chip while on: what it filters, and names for its ids (the id itself where none is known). */
interface ChipField {
  readonly label: string;
  readonly names?: ReadonlyMap<string, string>;
}

/** The filters that get a chip, in the order they are shown (and added to the URL). */
type ChipFields<S extends UrlFilterSchema> = { readonly [K in keyof z.input<S>]?: ChipField };

interface FilterPanelOptions<S extends UrlFilterSchema> extends UrlFilterOptions<S> {
  readonly chips: ChipFields<S>;
}

interface FilterPanelState<S extends UrlFilterSchema> extends UrlFilters<S> {
  /** Writes these filters to the URL, focuses the results' heading and (on a narrow screen) folds the panel. */
  readonly apply: (next: FilterValues<S>) => void;
  /** How many chip filters are on (the panel's "2 on", a page's "no match" wording). */
  readonly inForce: number;
  /** The props of FilterChips: one chip a filter on, removing it from the URL. */
  readonly chips: {
    readonly chips: readonly FilterChip[];
    readonly onRemove: (key: string) => void;
    readonly afterLast: () => HTMLElement | null;
  };
  /** The results' heading (give it tabIndex -1): where focus goes after applying and after the last chip. */
  readonly resultsHeading: RefObject<HTMLHeadingElement | null>;
  /** Changes with the filters: rebuilds the form, and resets a list (its listKey). */
  readonly key: string;
  /** Each apply counts one: the panel folds at each new count. */
  readonly applied: number;
}

export function useFilterPanel<S extends UrlFilterSchema>(
  schema: S,
  { chips: fields, ...options }: FilterPanelOptions<S>,
): FilterPanelState<S> {
  const chipKeys = Object.keys(fields);
  const { filters, values, setFilters, removeFilter } = useUrlFilters(schema, { ...options, order: chipKeys });
  const [applied, setApplied] = useState(0);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // After applying, the results they chose come next, at every width (on a narrow screen the filters fold).
  useEffect(() => {
    if (applied === 0) return;
    resultsHeading.current?.focus();
  }, [applied]);

  const given = filters as Record<string, string | undefined>;
  const byKey = fields as Record<string, ChipField | undefined>;
  const chips = chipKeys.flatMap((key) => {
    const id = given[key];
    const field = byKey[key];
    return id && field ? [{ key, label: field.label, value: field.names?.get(id) ?? id }] : [];
  });
  return {
    filters,
    values,
    apply: (next) => {
      setFilters(next);
      setApplied((n) => n + 1);
    },
    inForce: chips.length,
    chips: {
      chips,
      onRemove: (key) => removeFilter(key as keyof z.output<S> & string),
      afterLast: () => resultsHeading.current,
    },
    resultsHeading,
    key: JSON.stringify(filters),
    applied,
  };
}

/**
 * The panel itself: a Fold titled `title`, folding at each apply, saying how
 * many filters are on while folded. Its form is built from `needs` (the
 * roster, say): shaped placeholders (`fields`) while it loads, what failed and
 * a retry if it fails.
 */
export function FilterPanel<S extends UrlFilterSchema, T>({
  panel,
  title,
  needs,
  what,
  fields,
  children,
}: {
  readonly panel: FilterPanelState<S>;
  readonly title: string;
  readonly needs: UseQueryResult<T>;
  /** What `needs` is, in words ("your classes"). */
  readonly what: string;
  readonly fields: readonly SkeletonField[];
  readonly children: (data: T) => ReactNode;
}) {
  // The form goes on screen in the background once what it needs is in (see useShownTogether).
  const waiting = useShownTogether(needs.isPending);
  return (
    <Fold title={title} foldWhen={panel.applied} summary={panel.inForce > 0 ? `${panel.inForce} on` : undefined}>
      {needs.isPending || waiting ? (
        <FormSkeleton label={what} fields={fields} buttons={2} />
      ) : needs.isError ? (
        <ErrorState error={needs.error} what={what} onRetry={() => void needs.refetch()} />
      ) : (
        <Fragment key={panel.key}>{children(needs.data)}</Fragment>
      )}
    </Fold>
  );
}
