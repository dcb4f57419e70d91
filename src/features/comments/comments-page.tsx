/** Student comments: filters in the URL, the list, and the form to add one. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FilterChips } from '../../components/filter-chips';
import { Fold, useWideScreen } from '../../components/fold';
import { countText, useMorePages } from '../../components/incremental-list';
import { PageHeading } from '../../components/page-heading';
import { type RosterValues, rosterNames } from '../../components/roster-fields';
import {
  EmptyState,
  ErrorState,
  FormSkeleton,
  QueryView,
  type SkeletonField,
  useShownTogether,
} from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { isApiError } from '../../lib/api/api-error';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { useSearchFilters } from '../../lib/url/use-search-filters';
import { commentFilterKeys, commentFiltersOf, commentQueries, useCreateComment } from './api/comment-queries';
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

const chipLabels = { classId: 'Class', studentId: 'Student', courseId: 'Course', lessonId: 'Lesson' } as const;

export default function CommentsPage() {
  return (
    <TrainersOnly what="Student comments">
      <Comments />
    </TrainersOnly>
  );
}

function Comments() {
  const session = useSignedInSession();
  const [rawFilters, setFilters] = useSearchFilters(commentFilterKeys);
  const filters = commentFiltersOf(rawFilters);
  const roster = useQuery(rosterQueries.mine());
  // The forms go on screen in the background once the roster is in (see useShownTogether).
  const rosterWaiting = useShownTogether(roster.isPending);
  const comments = useInfiniteQuery(commentQueries.list(filters));
  const more = useMorePages(comments);
  const create = useCreateComment();
  const filterKey = commentFilterKeys.map((key) => filters[key] ?? '').join('|');
  const hasFilters = Object.keys(filters).length > 0;
  const missingScope = isApiError(comments.error) && comments.error.code === 'missing_scope';
  const names = rosterNames(roster.data);
  const wide = useWideScreen();
  const [applied, setApplied] = useState(0);
  const [justAdded, setJustAdded] = useState<string>();
  const listHeading = useRef<HTMLHeadingElement>(null);
  // On a narrow screen the filters fold after applying and the results they chose come next.
  useEffect(() => {
    if (applied === 0 || wide) return;
    listHeading.current?.focus();
  }, [applied, wide]);
  const apply = (next: RosterValues) => {
    setFilters(next);
    setApplied((n) => n + 1);
  };
  const chips = commentFilterKeys.flatMap((key) => {
    const id = filters[key];
    if (!id) return [];
    const known = {
      classId: names.classes,
      studentId: names.students,
      courseId: names.courses,
      lessonId: names.lessons,
    };
    return [{ key, label: chipLabels[key], value: known[key].get(id) ?? id }];
  });

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
            <Fold
              title="Filter comments"
              foldWhen={applied}
              summary={hasFilters ? `${Object.keys(filters).length} on` : undefined}
            >
              {roster.isPending || rosterWaiting ? (
                <FormSkeleton label="your classes" fields={filterFields} buttons={2} />
              ) : roster.isError ? (
                <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
              ) : (
                <CommentFiltersForm key={filterKey} roster={roster.data} filters={filters} onApply={apply} />
              )}
            </Fold>
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
              </Fold>
            )}
          </div>
          <section aria-labelledby="comment-list-heading" className="page-main">
            <h2 id="comment-list-heading" ref={listHeading} tabIndex={-1}>
              Comments
              {comments.data ? (
                <span className="count"> ({countText(comments.data.length, comments.hasNextPage)})</span>
              ) : null}
            </h2>
            <FilterChips
              chips={chips}
              onRemove={(key) => setFilters({ ...filters, [key]: undefined })}
              afterLast={() => listHeading.current}
            />
            <QueryView
              query={comments}
              what="the comments"
              waitingFor={roster.isLoading}
              isEmpty={(list) => list.length === 0}
              empty={
                <EmptyState title={hasFilters ? 'No comments match these filters' : 'No comments yet'}>
                  <p>
                    {hasFilters
                      ? 'Change or clear the filters, or add the first comment about this student with the form.'
                      : 'Add the first comment with the form.'}
                  </p>
                </EmptyState>
              }
            >
              {(list) => (
                <CommentList comments={list} names={names} listKey={filterKey} more={more} justAdded={justAdded} />
              )}
            </QueryView>
          </section>
        </div>
      )}
    </div>
  );
}
