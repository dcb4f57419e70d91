/**
 * Notes. A trainer gets the training notes: filters (kinds and ids) in the
 * URL, the list, and a way to write one. Everyone else (a trainee, an
 * anonymous person, a trainer in an app without the training scope) gets
 * their own notes, which only they read.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { idSchema } from '../../../contract/common';
import { type NoteCategory, type NoteFilters, noteCategories } from '../../../contract/notes';
import { FilterChips } from '../../components/filter-chips';
import { Fold, useWideScreen } from '../../components/fold';
import { countText, useMorePages } from '../../components/incremental-list';
import { PageHeading } from '../../components/page-heading';
import { rosterNames } from '../../components/roster-fields';
import {
  EmptyState,
  ErrorState,
  FormSkeleton,
  LiveMessage,
  QueryView,
  Skeleton,
  type SkeletonField,
  useShownTogether,
} from '../../components/states';
import { useAccess } from '../../lib/access/use-access';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
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
  const flash = (location.state as { message?: string } | null)?.message ?? '';
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
      <LiveMessage message={flash} />
      <section aria-labelledby="note-list-heading">
        <div className="section-head">
          <h2 id="note-list-heading">
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

const chipLabels = {
  classId: 'Class',
  studentId: 'Student',
  courseId: 'Course',
  lessonId: 'Lesson',
  userId: 'Person',
} as const;

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
  const [raw, setRaw] = useSearchFilters(urlKeys);
  const categories = parseCategories(raw.category);
  const ids: Omit<NoteFilters, 'category'> = {};
  for (const key of noteIdFilterKeys) {
    if (idSchema.safeParse(raw[key]).success) ids[key] = raw[key];
  }
  const filters: NoteFilters = { category: categories.join(','), ...ids };
  const roster = useQuery(rosterQueries.mine());
  // The forms go on screen in the background once the roster is in (see useShownTogether).
  const rosterWaiting = useShownTogether(roster.isPending);
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

  const wide = useWideScreen();
  const [applied, setApplied] = useState(0);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // On a narrow screen the filters fold after applying and the results they chose come next.
  useEffect(() => {
    if (applied === 0 || wide) return;
    listHeading.current?.focus();
  }, [applied, wide]);
  const known = {
    classId: names.classes,
    studentId: names.students,
    courseId: names.courses,
    lessonId: names.lessons,
    userId: names.users,
  };
  const chips = noteIdFilterKeys.flatMap((key) => {
    const id = ids[key];
    return id ? [{ key, label: chipLabels[key], value: known[key].get(id) ?? id }] : [];
  });

  const apply = (values: NoteFilterValues) => {
    setApplied((n) => n + 1);
    setRaw({
      category: values.categories.join(','),
      classId: values.classId,
      studentId: values.studentId,
      courseId: values.courseId,
      lessonId: values.lessonId,
      userId: values.userId,
    });
  };

  return (
    <div className="page">
      <title>Training notes · Trainer dashboard</title>
      <PageHeading intro="Notes about a student in a lesson, a student across a course, or a specific user. A training note is filed under a student’s lesson or course and its writer can delete it; a comment is a remark about a student for the trainers of their class and stays as written.">
        Training notes
      </PageHeading>
      <LiveMessage message={flash} />
      <div className="page-grid">
        <div className="page-side">
          <Fold
            title="Filter notes"
            foldWhen={applied}
            summary={hasIdFilters ? `${Object.keys(ids).length} on` : undefined}
          >
            {roster.isPending || rosterWaiting ? (
              <FormSkeleton label="your classes" fields={filterFields} buttons={2} />
            ) : roster.isError ? (
              <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
            ) : (
              <NoteFiltersForm key={formKey} roster={roster.data} filters={{ ...ids, categories }} onApply={apply} />
            )}
          </Fold>
        </div>
        <section aria-labelledby="note-list-heading" className="page-main">
          <div className="section-head">
            <h2 id="note-list-heading" ref={listHeading} tabIndex={-1}>
              Notes
              {notes.data ? <span className="count"> ({countText(notes.data.length, notes.hasNextPage)})</span> : null}
            </h2>
            <Link className="button" to={`/notes/new${newNoteSearch ? `?${newNoteSearch}` : ''}`}>
              Write a note
            </Link>
          </div>
          <p className="count-says">{countSays(categories)}</p>
          <FilterChips
            chips={chips}
            onRemove={(key) => setRaw({ ...raw, [key]: undefined })}
            afterLast={() => listHeading.current}
          />
          <QueryView
            query={notes}
            what="the notes"
            waitingFor={roster.isLoading}
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
            {(list) => (
              <NoteList notes={list} names={names} listKey={formKey} selfId={session.userId} more={more} showWriters />
            )}
          </QueryView>
        </section>
      </div>
    </div>
  );
}
