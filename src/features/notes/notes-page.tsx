/**
 * Notes. A trainer gets the training notes: filters (kinds and ids) in the
 * URL, the list, and a way to write one. Everyone else (a trainee, an
 * anonymous person, a trainer in an app without the training scope) gets
 * their own notes, which only they read.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { type NoteCategory, type NoteFilters, noteCategories, noteFiltersSchema } from '../../../contract/notes';
import { FilterChips } from '../../components/filter-chips';
import { FilterPanel, useFilterPanel } from '../../components/filter-panel';
import { countText, useMorePages } from '../../components/incremental-list';
import { PageHeading } from '../../components/page-heading';
import { rosterFilterChips, rosterNames } from '../../components/roster-fields';
import { EmptyState, LiveMessage, QueryView, Skeleton, type SkeletonField } from '../../components/states';
import { useFocusOnArrival } from '../../components/use-focus-on-arrival';
import { useAccess } from '../../lib/access/use-access';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { noteQueries } from './api/note-queries';
import { categoryText, NoteFiltersForm } from './components/note-filters';
import { NoteList } from './components/note-list';
import { enrollmentOfPerson, startingKinds, useOldStudentParam } from './person-filter';

/** The filter form's shape while the roster loads (see NoteFiltersForm). */
const filterFields: readonly SkeletonField[] = [
  { kind: 'checkboxes', legend: 'Kinds of note', labels: noteCategories.map((category) => categoryText[category]) },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select' },
  { kind: 'select', hint: true },
];

export default function NotesPage() {
  const state = useAccess();
  if (state.status === 'pending') {
    return (
      <div className="page">
        <title>Notes · Trainer dashboard</title>
        <Skeleton label="your notes" rows={3} />
      </div>
    );
  }
  if (state.status === 'ready' && !state.access.trainer) return <MyNotes anonymous={state.access.anonymous} />;
  // A trainer, or not known (the profile failed to load): the training notes say what fails.
  return <TrainingNotes />;
}

/** Every kind: a person who trains no one reads only the notes they wrote, all about themselves. */
const ownNotesFilters: NoteFilters = { category: noteCategories.join(',') };

function MyNotes({ anonymous }: { readonly anonymous: boolean }) {
  const session = useSignedInSession();
  const location = useLocation();
  const notes = useInfiniteQuery(noteQueries.list(ownNotesFilters));
  const more = useMorePages(notes);
  const arrived = location.state as { message?: string; deleted?: boolean } | null;
  const flash = arrived?.message ?? '';
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, arrived?.deleted === true);
  const names = rosterNames(null);
  return (
    <div className="page page-narrow">
      <title>My notes · Trainer dashboard</title>
      <PageHeading
        intro={
          anonymous
            ? 'Private notes about yourself: only you can read them, not your trainers. They belong to this anonymous profile and go with it.'
            : 'Private notes about yourself: only you can read them, not your trainers.'
        }
      >
        My notes
      </PageHeading>
      <LiveMessage message={flash} id="notes-flash" />
      <section aria-labelledby="note-list-heading">
        <div className="section-head">
          <h2 id="note-list-heading" ref={heading} tabIndex={-1} aria-describedby={flash ? 'notes-flash' : undefined}>
            Notes
            {notes.data ? <span className="count"> ({countText(notes.data.length, notes.hasNextPage)})</span> : null}
          </h2>
          <Link className="button" to="/notes/new">
            Write a note
          </Link>
        </div>
        <QueryView
          query={notes}
          what="your notes"
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState title="No notes yet">
              <p>Write a private note to yourself: a reminder, or something to practise. Nobody else reads it.</p>
            </EmptyState>
          }
        >
          {(list) => (
            <NoteList
              notes={list}
              names={names}
              listKey="mine"
              selfId={session.userId}
              linkPeople={false}
              more={more}
            />
          )}
        </QueryView>
      </section>
    </div>
  );
}

const kindWords: Record<NoteCategory, string> = { lesson: 'lesson notes', course: 'course notes', user: 'user notes' };

/** What the count counts: the kinds chosen, and the ones left out. */
export function countSays(categories: readonly NoteCategory[]): string {
  const words = (kinds: readonly NoteCategory[]) =>
    kinds
      .map((kind) => kindWords[kind])
      .join(kinds.length > 2 ? ', ' : ' and ')
      .replace(/, ([^,]*)$/, ' and $1');
  const left = noteCategories.filter((category) => !categories.includes(category));
  const counted = `Counting ${words(categories)}`;
  return left.length === 0 ? `${counted}: every kind.` : `${counted}; ${words(left)} are left out (see Kinds of note).`;
}

function TrainingNotes() {
  const session = useSignedInSession();
  const location = useLocation();
  const roster = useQuery(rosterQueries.mine());
  const names = rosterNames(roster.data);
  useOldStudentParam(roster.data);
  const [params] = useSearchParams();
  const panel = useFilterPanel(noteFiltersSchema, {
    defaults: startingKinds(Boolean(params.get('userId') || params.get('studentId'))),
    chips: { ...rosterFilterChips(names), userId: { label: 'Person', names: names.users } },
  });
  const { filters } = panel;
  // In the order the form lists them, whatever the URL's order.
  const categories = noteCategories.filter((category) => panel.values.category?.includes(category));
  const notes = useInfiniteQuery(noteQueries.list(filters));
  const more = useMorePages(notes);
  const arrived = location.state as { message?: string; deleted?: boolean } | null;
  const flash = arrived?.message ?? '';
  // Back from deleting a note: the list it was in, filters kept, says how many are left.
  useFocusOnArrival(panel.resultsHeading, arrived?.deleted === true);
  const studentId =
    filters.studentId ??
    (filters.userId ? enrollmentOfPerson(roster.data, filters.userId, filters.classId) : undefined);
  const newNoteSearch = new URLSearchParams(
    Object.entries({ classId: filters.classId, studentId, lessonId: filters.lessonId }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  ).toString();

  return (
    <div className="page">
      <title>Training notes · Trainer dashboard</title>
      <PageHeading intro="Notes about a student in a lesson, a student across a course, or a specific user. A training note is filed under a student’s lesson or course and its writer can delete it; a comment is a remark about a student for the trainers of their class and stays as written.">
        Training notes
      </PageHeading>
      <LiveMessage message={flash} id="notes-flash" />
      <div className="page-grid">
        <div className="page-side">
          <FilterPanel panel={panel} title="Filter notes" needs={roster} what="your classes" fields={filterFields}>
            {(data) => <NoteFiltersForm roster={data} filters={panel.values} onApply={panel.apply} />}
          </FilterPanel>
        </div>
        <section aria-labelledby="note-list-heading" className="page-main">
          <div className="section-head">
            <h2
              id="note-list-heading"
              ref={panel.resultsHeading}
              tabIndex={-1}
              aria-describedby={flash ? 'notes-flash' : undefined}
            >
              Notes
              {notes.data ? <span className="count"> ({countText(notes.data.length, notes.hasNextPage)})</span> : null}
            </h2>
            <Link className="button" to={`/notes/new${newNoteSearch ? `?${newNoteSearch}` : ''}`}>
              Write a note
            </Link>
          </div>
          <p className="count-says">{countSays(categories)}</p>
          <FilterChips {...panel.chips} />
          <QueryView
            query={notes}
            what="the notes"
            waitingFor={roster.isLoading}
            isEmpty={(list) => list.length === 0}
            empty={
              <EmptyState title={panel.inForce > 0 ? 'No notes match these filters' : 'No notes yet'}>
                <p>
                  {panel.inForce > 0
                    ? 'Change or clear the filters, or include more kinds of note.'
                    : 'Write the first note about a student in a lesson.'}
                </p>
              </EmptyState>
            }
          >
            {(list) => (
              <NoteList
                notes={list}
                names={names}
                listKey={panel.key}
                selfId={session.userId}
                more={more}
                showWriters
              />
            )}
          </QueryView>
        </section>
      </div>
    </div>
  );
}
