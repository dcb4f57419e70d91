/**
 * Search across comments and notes (`/search?q=…&kind=…&…`): the words come
 * from the search box in the header, the filters and order from this page,
 * all in the URL, so a search is shared and reloaded as it is. Filters alone,
 * without words, list what they name newest first (a link from another page
 * can ask for "what was written about this student in this course"). Results
 * come a page at a time, grouped by the person they are about.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { searchFiltersSchema, searchOrders, searchTextSchema, searchWords } from '../../../contract/search';
import { FilterChips } from '../../components/filter-chips';
import { FilterPanel, useFilterPanel } from '../../components/filter-panel';
import { ShowMore, useMorePages } from '../../components/incremental-list';
import { PageHeading } from '../../components/page-heading';
import { rosterFilterChips, rosterNames } from '../../components/roster-fields';
import { EmptyState, QueryView, type SkeletonField } from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { rosterQueries } from '../../lib/api/roster-queries';
import { formatCount } from '../../lib/format/plain-format';
import { useSignedInSession } from '../../lib/session/use-session';
import type { FoundPage, SearchOrder } from './api/found';
import { searchQueries } from './api/search-queries';
import { GroupedResults, groupByPerson } from './components/grouped-results';
import { authorNames, kindNames, SearchFiltersForm } from './components/search-filters';

const filterFields: readonly SkeletonField[] = [
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
];

export default function SearchPage() {
  return (
    <TrainersOnly what="Search">
      <Search />
    </TrainersOnly>
  );
}

function readOrder(value: string | null): SearchOrder {
  return searchOrders.find((order) => order === value) ?? 'relevance';
}

/** The pages' rows in order, and how many entries the browser searched (null: the service searched). */
function loaded(data: { readonly pages: readonly FoundPage[] }) {
  return { rows: data.pages.flatMap((page) => page.rows), searched: data.pages[0]?.searched ?? null };
}

function Search() {
  const session = useSignedInSession();
  const [params, setParams] = useSearchParams();
  const given = params.get('q') ?? '';
  const parsed = searchTextSchema.safeParse(given);
  const q = parsed.success && searchWords(parsed.data).length > 0 ? parsed.data : '';
  const noWords = given.trim() !== '' && q === '';
  const roster = useQuery(rosterQueries.mine());
  const names = rosterNames(roster.data);
  const panel = useFilterPanel(searchFiltersSchema, {
    chips: {
      ...rosterFilterChips(names),
      userId: { label: 'Person', names: names.users },
      kind: { label: 'Kind', names: kindNames },
      author: { label: 'Written by', names: authorNames },
      from: { label: 'From' },
      to: { label: 'To' },
    },
  });
  // Words, or filters alone (newest first: there is nothing to rank them by); punctuation alone asks nothing.
  const asking = !noWords && (q !== '' || panel.inForce > 0);
  const order: SearchOrder = q === '' ? 'newest' : readOrder(params.get('order'));
  const results = useInfiniteQuery({
    ...searchQueries.results({ q, filters: panel.filters, order }, session.userId),
    select: loaded,
    enabled: asking,
  });
  const more = useMorePages(results);
  const orderId = useId();

  return (
    <div className="page">
      <title>{`${q ? `${q} · ` : ''}Search · Trainer dashboard`}</title>
      <PageHeading intro="Every comment and note you may read, found by its words or by the filters alone. Press / to type in the search box.">
        Search comments and notes
      </PageHeading>
      <div className="page-grid">
        <div className="page-side">
          <FilterPanel panel={panel} title="Filter the search" needs={roster} what="your classes" fields={filterFields}>
            {(data) => <SearchFiltersForm roster={data} filters={panel.values} onApply={panel.apply} />}
          </FilterPanel>
        </div>
        <section aria-labelledby="search-results-heading" className="page-main">
          <div className="search-results-top">
            <h2 id="search-results-heading" ref={panel.resultsHeading} tabIndex={-1}>
              {q ? (
                <>
                  Results for “<bdi>{q}</bdi>”
                </>
              ) : (
                'Results, newest first'
              )}
            </h2>
            <div className="field search-order">
              <label htmlFor={orderId}>Order</label>
              <select
                id={orderId}
                value={order}
                onChange={(event) =>
                  setParams((current) => {
                    const next = new URLSearchParams(current);
                    if (event.target.value === 'relevance') next.delete('order');
                    else next.set('order', event.target.value);
                    return next;
                  })
                }
              >
                <option value="relevance" disabled={q === ''}>
                  Best match first
                </option>
                <option value="newest">Newest first</option>
              </select>
            </div>
          </div>
          <FilterChips {...panel.chips} />
          {!asking ? (
            <EmptyState title={noWords ? 'Nothing to search for' : 'What are you looking for?'}>
              <p>
                {noWords
                  ? 'Type at least one word (letters or digits) in the search box.'
                  : 'Type words in the search box at the top of the page (press / to go there) and press Enter, or choose filters to list what was written, newest first.'}
              </p>
            </EmptyState>
          ) : (
            <QueryView
              query={results}
              what="the search results"
              waitingFor={roster.isLoading}
              isEmpty={(data) => data.rows.length === 0}
              empty={
                <>
                  <SearchedNotice searched={results.data?.searched ?? null} />
                  <p className="visually-hidden" role="status">
                    No results
                  </p>
                  <EmptyState title={q ? `No comment or note holds “${q}”` : 'Nothing written matches these filters'}>
                    <p>
                      {q === ''
                        ? 'Change or clear the filters, or type words in the search box.'
                        : panel.inForce > 0
                          ? 'Try other words, or change or clear the filters.'
                          : 'Try other words; a word ending in * finds every word it begins (safe* finds safety).'}
                    </p>
                  </EmptyState>
                </>
              }
            >
              {(data) => (
                <>
                  <SearchedNotice searched={data.searched} />
                  <p className="search-count" role="status">
                    {`${formatCount(data.rows.length)}${results.hasNextPage ? '+' : ''} ${
                      data.rows.length === 1 && !results.hasNextPage ? 'result' : 'results'
                    }`}
                  </p>
                  <GroupedResults groups={groupByPerson(data.rows, names)} selfId={session.userId} />
                  <ShowMore
                    shown={data.rows.length}
                    total={data.rows.length}
                    what="results"
                    onMore={more.load}
                    hasMore={more.hasMore}
                    loading={more.loading}
                    failed={more.failed}
                    onRetry={more.load}
                  />
                </>
              )}
            </QueryView>
          )}
        </section>
      </div>
    </div>
  );
}

/** Where the browser searched: says plainly what it could and could not search. */
function SearchedNotice({ searched }: { readonly searched: number | null }) {
  if (searched === null) return null;
  return (
    <div className="callout callout-info">
      <p>
        Searched the {formatCount(searched)} {searched === 1 ? 'comment or note' : 'comments and notes'} you can read,
        here in this browser: this platform has no search of its own. Nothing of them is kept once you leave.
      </p>
    </div>
  );
}
