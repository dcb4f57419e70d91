/** Student comments: filters in the URL, the list, and the form to add one. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { commentFiltersSchema } from '../../../contract/comments';
import { FilterChips } from '../../components/filter-chips';
import { FilterPanel, useFilterPanel } from '../../components/filter-panel';
import { Fold } from '../../components/fold';
import { countText, useMorePages } from '../../components/incremental-list';
import { PageHeading } from '../../components/page-heading';
import { rosterFilterChips, rosterNames } from '../../components/roster-fields';
import {
  EmptyState,
  ErrorState,
  FormSkeleton,
  LiveMessage,
  QueryView,
  type SkeletonField,
  useShownTogether,
} from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { WriteToSeveralLink } from '../../components/write-to-several-link';
import { isApiError } from '../../lib/api/api-error';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { commentQueries, useCreateComment } from './api/comment-queries';
import { CommentFiltersForm } from './components/comment-filters';
import { CommentForm } from './components/comment-form';
import { CommentList } from './components/comment-list';

/** The two forms' shapes while the roster loads (see CommentFiltersForm and CommentForm). */
const filterFields: readonly SkeletonField[] = [
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
];
const commentFields: readonly SkeletonField[] = [
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'textarea', rows: 5, count: true },
];

export default function CommentsPage() {
  return (
    <TrainersOnly what="Student comments">
      <Comments />
    </TrainersOnly>
  );
}

function Comments() {
  const session = useSignedInSession();
  const roster = useQuery(rosterQueries.mine());
  // The comment form goes on screen in the background once the roster is in (see useShownTogether).
  const rosterWaiting = useShownTogether(roster.isPending);
  const names = rosterNames(roster.data);
  const panel = useFilterPanel(commentFiltersSchema, { chips: rosterFilterChips(names) });
  const { filters } = panel;
  const comments = useInfiniteQuery(commentQueries.list(filters));
  const more = useMorePages(comments);
  const create = useCreateComment();
  const missingScope = isApiError(comments.error) && comments.error.code === 'missing_scope';
  const [justAdded, setJustAdded] = useState<string>();
  // Said here, not on the card: a withdrawn comment's card leaves the list with its own message.
  const [withdrawn, setWithdrawn] = useState('');
  const { resultsHeading } = panel;
  const saidWithdrawn = useCallback(
    (message: string) => {
      setWithdrawn(message);
      // Its card has left the list: focus goes to the list's heading (how many are left), read with the message,
      // once the confirmation has closed (it gives focus back to where it was opened from).
      setTimeout(() => resultsHeading.current?.focus(), 0);
    },
    [resultsHeading],
  );

  return (
    <div className="page">
      <title>Student comments · Trainer dashboard</title>
      <PageHeading intro="Read and add comments about your students, by class, course and lesson. A comment is a remark about a student for the trainers of their class and stays as written; a training note is filed under a student’s lesson or course and its writer can delete it.">
        Student comments
      </PageHeading>
      {missingScope ? (
        // Nothing on this page can work without the scope: say so once, instead of filters and a form.
        <ErrorState error={comments.error} what="the comments" />
      ) : (
        <div className="page-grid">
          <div className="page-side">
            <FilterPanel panel={panel} title="Filter comments" needs={roster} what="your classes" fields={filterFields}>
              {(data) => <CommentFiltersForm roster={data} filters={panel.values} onApply={panel.apply} />}
            </FilterPanel>
            {roster.isError ? null : (
              <Fold title="Add a comment">
                {roster.isPending || rosterWaiting ? (
                  <FormSkeleton label="the comment form" fields={commentFields} />
                ) : (
                  <CommentForm
                    key={`${filters.classId ?? ''}|${filters.studentId ?? ''}`}
                    roster={roster.data}
                    userId={session.userId}
                    defaults={filters}
                    onSubmit={async (body) => setJustAdded((await create.mutateAsync(body)).commentId)}
                  />
                )}
                <WriteToSeveralLink classId={filters.classId} />
              </Fold>
            )}
          </div>
          <section aria-labelledby="comment-list-heading" className="page-main">
            <h2
              id="comment-list-heading"
              ref={panel.resultsHeading}
              tabIndex={-1}
              aria-describedby={withdrawn ? 'comment-withdrawn' : undefined}
            >
              Comments
              {comments.data ? (
                <span className="count"> ({countText(comments.data.length, comments.hasNextPage)})</span>
              ) : null}
            </h2>
            <FilterChips {...panel.chips} />
            <LiveMessage message={withdrawn} id="comment-withdrawn" />
            <QueryView
              query={comments}
              what="the comments"
              waitingFor={roster.isLoading}
              isEmpty={(list) => list.length === 0}
              empty={
                <EmptyState title={panel.inForce > 0 ? 'No comments match these filters' : 'No comments yet'}>
                  <p>
                    {panel.inForce > 0
                      ? 'Change or clear the filters, or add the first comment about this student with the form.'
                      : 'Add the first comment with the form.'}
                  </p>
                </EmptyState>
              }
            >
              {(list) => (
                <CommentList
                  comments={list}
                  names={names}
                  listKey={panel.key}
                  more={more}
                  justAdded={justAdded}
                  selfId={session.userId}
                  onWithdrawn={saidWithdrawn}
                />
              )}
            </QueryView>
          </section>
        </div>
      )}
    </div>
  );
}
