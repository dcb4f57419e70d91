/** Training notes: filters (kinds and ids) in the URL, the list, and a way to write one. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { idSchema } from '../../../contract/common';
import { type NoteFilters, noteCategories } from '../../../contract/notes';
import { countText, useMorePages } from '../../components/incremental-list';
import { PageHeading } from '../../components/page-heading';
import { rosterNames } from '../../components/roster-fields';
import {
  EmptyState,
  ErrorState,
  FormSkeleton,
  LiveMessage,
  QueryView,
  type SkeletonField,
} from '../../components/states';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSearchFilters } from '../../lib/url/use-search-filters';
import { noteIdFilterKeys, noteQueries, parseCategories } from './api/note-queries';
import { categoryText, NoteFiltersForm, type NoteFilterValues } from './components/note-filters';
import { NoteList } from './components/note-list';

const urlKeys = [...noteIdFilterKeys, 'category'] as const;

/** The filter form's shape while the roster loads (see NoteFiltersForm). */
const filterFields: readonly SkeletonField[] = [
  { kind: 'checkboxes', legend: 'Kinds of note', labels: noteCategories.map((category) => categoryText[category]) },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'input', hint: true },
];

export default function NotesPage() {
  const location = useLocation();
  const [raw, setRaw] = useSearchFilters(urlKeys);
  const categories = parseCategories(raw.category);
  const ids: Omit<NoteFilters, 'category'> = {};
  for (const key of noteIdFilterKeys) {
    if (idSchema.safeParse(raw[key]).success) ids[key] = raw[key];
  }
  const filters: NoteFilters = { category: categories.join(','), ...ids };
  const roster = useQuery(rosterQueries.mine());
  const notes = useInfiniteQuery(noteQueries.list(filters));
  const more = useMorePages(notes);
  const names = rosterNames(roster.data);
  const formKey = JSON.stringify(filters);
  const hasIdFilters = Object.keys(ids).length > 0;
  const flash = (location.state as { message?: string } | null)?.message ?? '';
  const newNoteSearch = new URLSearchParams(
    Object.entries({ classId: ids.classId, studentId: ids.studentId, lessonId: ids.lessonId }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();

  const apply = (values: NoteFilterValues) =>
    setRaw({
      category: values.categories.join(','),
      classId: values.classId,
      studentId: values.studentId,
      courseId: values.courseId,
      lessonId: values.lessonId,
      userId: values.userId,
    });

  return (
    <div className="page">
      <title>Training notes · Trainer dashboard</title>
      <PageHeading intro="Notes about a student in a lesson, a student across a course, or a specific user.">
        Training notes
      </PageHeading>
      <LiveMessage message={flash} />
      <div className="page-grid">
        <div className="page-side">
          <section aria-labelledby="note-filters-heading" className="panel">
            <h2 id="note-filters-heading">Filter notes</h2>
            {roster.isPending ? (
              <FormSkeleton label="your classes" fields={filterFields} buttons={2} />
            ) : roster.isError ? (
              <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
            ) : (
              <NoteFiltersForm key={formKey} roster={roster.data} filters={{ ...ids, categories }} onApply={apply} />
            )}
          </section>
        </div>
        <section aria-labelledby="note-list-heading" className="page-main">
          <div className="section-head">
            <h2 id="note-list-heading">
              Notes
              {notes.data ? <span className="count"> ({countText(notes.data.length, notes.hasNextPage)})</span> : null}
            </h2>
            <Link className="button" to={`/notes/new${newNoteSearch ? `?${newNoteSearch}` : ''}`}>
              Write a note
            </Link>
          </div>
          <QueryView
            query={notes}
            what="the notes"
            isEmpty={(list) => list.length === 0}
            empty={
              <EmptyState title={hasIdFilters ? 'No notes match these filters' : 'No notes yet'}>
                <p>
                  {hasIdFilters
                    ? 'Change or clear the filters, or include more kinds of note.'
                    : 'Write the first note about a student in a lesson.'}
                </p>
              </EmptyState>
            }
          >
            {(list) => <NoteList notes={list} names={names} listKey={formKey} more={more} />}
          </QueryView>
        </section>
      </div>
    </div>
  );
}
