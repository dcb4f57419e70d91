/**
 * A filtered list, defined once: the select of the rows a viewer may read,
 * the column each filter of the contract's filter schema narrows, and the
 * column the list is ordered by, newest first. The one definition answers the
 * whole list and each keyset page of it (paging.ts), so the two cannot drift.
 *
 * Both are hot reads, so both run through runPrepared: a statement is
 * compiled once per shape (which filters are given, how many values a set
 * filter names, whether it is a page and whether the page starts after a
 * position), and every value, the viewer, the filters, the position and the
 * limit alike, is a parameter.
 */
import { type SelectQueryBuilder, type StringReference, sql } from 'kysely';
import type { z } from 'zod/mini';
import type { Queryable } from './database.ts';
import { type Page, type PageRequest, positionOf, toPage } from './paging.ts';
import { runPrepared } from './prepared.ts';

/** The filters as the contract's schema hands them to a route: an id, or a set of values any of which matches. */
export type ListFilters<S extends z.ZodMiniObject> = z.output<S>;

type Seq = number | string | bigint;

export interface FilteredListDefinition<S extends z.ZodMiniObject, DB, TB extends keyof DB, O extends { seq: Seq }> {
  /** Names the list's compiled statements. */
  readonly name: string;
  /** The contract's filter schema: its keys are the list's filters. */
  readonly filters: S;
  /** The rows `viewerId` may read, with every column the list answers with and their `seq`. */
  readonly select: (q: Queryable, viewerId: string) => SelectQueryBuilder<DB, TB, O>;
  /** The column each filter narrows. */
  readonly columns: { readonly [K in keyof ListFilters<S>]-?: StringReference<DB, TB> };
  /** The column of the rows' `seq`: the list's order (newest first) and its keyset. */
  readonly position: StringReference<DB, TB>;
}

export interface FilteredList<S extends z.ZodMiniObject, O> {
  /** Every row the viewer may read with these filters, newest first. */
  whole(q: Queryable, viewerId: string, filters: ListFilters<S>): Promise<O[]>;
  /** One page of the same list: the rows older than `after`, one more read to tell whether more follow. */
  page(q: Queryable, viewerId: string, filters: ListFilters<S>, request: PageRequest): Promise<Page<O>>;
}

export function filteredList<S extends z.ZodMiniObject, DB, TB extends keyof DB, O extends { seq: Seq }>(
  definition: FilteredListDefinition<S, DB, TB, O>,
): FilteredList<S, O> {
  const names = Object.keys(definition.filters.shape) as (keyof ListFilters<S> & string)[];
  const column = (name: keyof ListFilters<S> & string) => sql.ref(definition.columns[name] as string);

  /** The statement's key (what decides its shape) and its parameters. */
  const bind = (viewerId: string, filters: ListFilters<S>, request: PageRequest | null) => {
    const params: Record<string, unknown> = { viewerId };
    // A set filter's value count is part of the shape (one marker a value); an id is `=`. Filter
    // parameters are named apart from the viewer, limit and position, whatever a schema calls its filters.
    const shape: [name: keyof ListFilters<S> & string, values: number | null][] = [];
    for (const name of names) {
      const value: unknown = filters[name];
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        // A set: each value once, in one order, so the same set is the same statement.
        const values = [...new Set(value.map(String))].sort();
        if (values.length === 0) continue;
        values.forEach((one, i) => {
          params[`filter:${name}:${i}`] = one;
        });
        shape.push([name, values.length]);
      } else {
        params[`filter:${name}`] = value;
        shape.push([name, null]);
      }
    }
    if (request) {
      params.limit = request.limit + 1;
      if (request.after !== null) params.after = Number(request.after);
    }
    const mode = request === null ? 'whole' : request.after === null ? 'first' : 'after';
    const given = shape.map(([name, values]) => (values === null ? name : `${name}*${values}`)).join(',');
    return { key: `${definition.name}:${given}:${mode}`, params, shape };
  };

  const run = (q: Queryable, viewerId: string, filters: ListFilters<S>, request: PageRequest | null) => {
    const { key, params, shape } = bind(viewerId, filters, request);
    return runPrepared(q, key, params, (p) => {
      let query = definition.select(q, p.viewerId as string);
      for (const [name, values] of shape) {
        query =
          values === null
            ? query.where(sql<boolean>`${column(name)} = ${p[`filter:${name}`]}`)
            : query.where(
                sql<boolean>`${column(name)} in (${sql.join(Array.from({ length: values }, (_, i) => p[`filter:${name}:${i}`]))})`,
              );
      }
      const position = sql.ref(definition.position as string);
      if (p.after !== undefined) query = query.where(sql<boolean>`${position} < ${p.after}`);
      query = query.orderBy(position, 'desc');
      return p.limit === undefined ? query : query.limit(p.limit as number);
    });
  };

  return {
    whole: (q, viewerId, filters) => run(q, viewerId, filters, null),
    async page(q, viewerId, filters, request) {
      return toPage(await run(q, viewerId, filters, request), request.limit, (row) => positionOf(row.seq));
    },
  };
}
