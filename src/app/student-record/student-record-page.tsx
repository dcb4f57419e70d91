/**
 * One student's whole record (`/students/:userId`): everything the signed-in
 * trainer may read about the person — comments and notes of every kind — in
 * one list, newest first (where the platform dates them; see record-queries), narrowed by course and lesson (in the URL), with
 * counts; beside it, forms to add a comment or a note with the student and
 * class already chosen. The URL holds only the userId and ids.
 */
import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Roster } from '../../../contract/roster';
import type { UserSummary } from '../../../contract/users';
import { Avatar } from '../../components/avatar';
import { Fold } from '../../components/fold';
import { PageHeading } from '../../components/page-heading';
import { rosterNames } from '../../components/roster-fields';
import { EmptyState, ErrorState, FormSkeleton, QueryView, Skeleton, useShownTogether } from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { useFirstWait } from '../../components/use-first-wait';
import { useCreateComment } from '../../features/comments/api/comment-queries';
import { CommentForm } from '../../features/comments/components/comment-form';
import { useCreateNote } from '../../features/notes/api/note-queries';
import { NoteForm } from '../../features/notes/components/note-form';
import { isApiError } from '../../lib/api/api-error';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { useBackLink } from '../../lib/url/came-from';
import { useUrlFilters } from '../../lib/url/url-filters';
import { RecordFiltersForm } from './components/record-filters';
import { RecordHeader } from './components/record-header';
import { RecordList } from './components/record-list';
import { RecordExport } from './record-export';
import {
  countEntries,
  describeCounts,
  filterChoices,
  matches,
  type RecordFilters,
  recordFiltersSchema,
  rosterOf,
  standing,
} from './record-model';
import { recordQueries, type ShownRecord, sharedClassAudience } from './record-queries';
import { useEntryTarget } from './use-entry-target';

/** How long the record waits for its shared classes' trainers before it shows without them (see useFirstWait). */
const TRAINERS_WAIT_MS = 1_000;

export default function StudentRecordPage() {
  return (
    <TrainersOnly what="A student’s record">
      <StudentRecord />
    </TrainersOnly>
  );
}

function fullName(person: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

function StudentRecord() {
  const { userId = '' } = useParams();
  const session = useSignedInSession();
  const { filters, setFilters } = useUrlFilters(recordFiltersSchema);
  const target = useEntryTarget();
  const extension = useQuery(recordQueries.of(userId));
  const roster = useQuery(rosterQueries.mine());
  const enrollments = roster.data ? rosterOf(roster.data, userId).classes.flatMap((c) => c.students) : [];
  const composed = useQuery({
    ...recordQueries.composed(
      userId,
      enrollments.map((s) => s.studentId),
      roster.data?.people.get(userId) ?? null,
    ),
    // Only where the platform has no record extension, once the person's enrollments are known.
    enabled: extension.data === null && roster.isSuccess,
  });
  const record: UseQueryResult<ShownRecord> =
    extension.data === null ? composed : (extension as UseQueryResult<ShownRecord>);
  const createComment = useCreateComment();
  const createNote = useCreateNote();
  // The entry just written with the forms beside the record: the list focuses it and brings it into view.
  const [justAdded, setJustAdded] = useState<string>();
  // A comment withdrawn here leaves its mark where it was (extension record): that mark takes focus instead.
  const markWithdrawn = useCallback((_message: string, commentId: string) => setJustAdded(`w:${commentId}`), []);
  const back = useBackLink({ to: '/comments', name: 'student comments' });
  const names = rosterNames(roster.data);
  const rosterName = names.users.get(userId);
  const student = record.data?.student ?? null;
  const name = student ? fullName(student) : rosterName;
  const mine = roster.data ? rosterOf(roster.data, userId) : null;
  // The class to preselect: one of the person's that is in the chosen course, else their first.
  const enrollment =
    mine?.classes.find((c) => c.courseId === filters.courseId) ??
    (mine?.classes[0] as Roster['classes'][number] | undefined);
  const defaults = {
    classId: enrollment?.classId,
    studentId: enrollment?.students[0]?.studentId,
  };
  const notFound =
    (isApiError(record.error) && record.error.status === 404) ||
    (record.data?.dated === false && record.data.student === null && record.data.entries.length === 0);
  const order = record.data?.dated === false ? 'in the order the platform lists them' : 'newest first';
  // The extension's record names the classes the viewer shares with the person, their trainers and the person's
  // work facts: its header then needs no other read (the roster's classes, their students, then who trains each are
  // three reads in a row). Composed from the platform's lists, the roster and the audience extension tell them.
  const own = extension.data?.sharedClasses ? extension.data : undefined;
  const audiences = useQueries({ queries: own ? [] : (mine?.classes ?? []).map(sharedClassAudience) });
  // Below its heading, the page waits for what its header shows: the person's facts and the record's counts;
  // the shared classes' trainers only briefly; and once shown, it stays (see useFirstWait).
  const primary = roster.isLoading || extension.isLoading || record.isLoading;
  const waiting = useFirstWait({
    primary,
    secondary: audiences.some((audience) => audience.isLoading),
    secondaryMs: TRAINERS_WAIT_MS,
    key: userId,
  });
  // The header holds the page's largest text (a shared class and its trainers: the LCP on a phone), so it does not
  // wait for what it does not need. A trainers line that arrives may grow by a line and push what is below it: the
  // header waits for the trainers of every shared class but the last, whose line has nothing below it while the rest
  // of the page waits for it (above; nothing, not even a skeleton, that a longer line would push down). And it goes on
  // screen in a commit of its own, not with the forms and the whole list (rendered in the background, below it, after
  // it), which it was painted after, pictures and all.
  const headerWaiting = useFirstWait({
    primary: own ? false : primary,
    secondary: audiences.slice(0, -1).some((audience) => audience.isLoading),
    secondaryMs: TRAINERS_WAIT_MS,
    key: userId,
  });
  const settling = useShownTogether(waiting);

  return (
    <div className="page">
      <title>{`${name ? `${name} · ` : ''}Student record · Trainer dashboard`}</title>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <div className="record-heading">
        {student ? (
          <Avatar pictureId={student.profilePic} name={fullName(student)} size="medium" />
        ) : (
          <span className="avatar avatar-medium avatar-placeholder" aria-hidden="true" />
        )}
        <PageHeading
          intro={
            student ? (
              <>
                <bdi className="handle">{student.handle}</bdi> · Everything you may read about this student: comments
                and notes, {order}.
              </>
            ) : (
              `Everything you may read about this student: comments and notes, ${order}.`
            )
          }
        >
          {name ? <bdi>{name}</bdi> : 'Student record'}
        </PageHeading>
      </div>
      {headerWaiting ? (
        <Skeleton label="the student’s record" rows={4} />
      ) : notFound ? null : (
        <RecordHeader
          person={own ? (own.student ?? undefined) : roster.data?.people.get(userId)}
          viewerId={session.userId}
          shared={
            own
              ? (own.sharedClasses ?? []).map((known) => ({ known }))
              : (mine?.classes ?? []).map((rosterClass) => ({ rosterClass }))
          }
          entries={record.data?.entries.filter(standing)}
        />
      )}
      {settling ? (
        // Where the record named the shared classes' trainers, its header is whole already and nothing in it grows:
        // the rest is a skeleton until the roster the forms and the list need is in.
        own ? (
          <Skeleton label="the student’s forms and entries" rows={4} />
        ) : null
      ) : notFound ? (
        <EmptyState title="No record to show">
          <p>
            This person is not a student of any class you train, and you have nothing to read about them.{' '}
            <Link to="/comments">See your students’ comments</Link>.
          </p>
        </EmptyState>
      ) : (
        <div className="page-grid">
          <div className="page-side">
            <Fold title="Add a comment">
              {roster.isPending ? (
                <FormSkeleton
                  label="the comment form"
                  fields={[
                    { kind: 'select' },
                    { kind: 'select' },
                    { kind: 'select' },
                    { kind: 'textarea', rows: 5, count: true },
                  ]}
                />
              ) : roster.isError ? (
                <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
              ) : mine && mine.classes.length > 0 ? (
                <CommentForm
                  key={`comment|${defaults.studentId ?? ''}`}
                  idPrefix="record-comment"
                  roster={mine}
                  userId={session.userId}
                  defaults={defaults}
                  onSubmit={async (body) => setJustAdded(`c:${(await createComment.mutateAsync(body)).commentId}`)}
                />
              ) : (
                <NotYourStudent name={name} />
              )}
            </Fold>
            <Fold title="Write a note">
              {roster.isPending ? (
                <FormSkeleton
                  label="the note form"
                  fields={[
                    { kind: 'select' },
                    { kind: 'select' },
                    { kind: 'select' },
                    { kind: 'textarea', rows: 8, count: true },
                  ]}
                />
              ) : roster.isError ? null : mine && mine.classes.length > 0 ? (
                <NoteForm
                  key={`note|${defaults.studentId ?? ''}|${filters.lessonId ?? ''}`}
                  idPrefix="record-note"
                  roster={mine}
                  userId={session.userId}
                  defaults={{ ...defaults, lessonId: filters.lessonId }}
                  onSubmit={async (body) => setJustAdded(`n:${(await createNote.mutateAsync(body)).noteId}`)}
                />
              ) : (
                <NotYourStudent name={name} />
              )}
            </Fold>
          </div>
          <section aria-labelledby="record-list-heading" className="page-main">
            <h2 id="record-list-heading">Record</h2>
            <QueryView query={record} what="the student’s record" skeletonRows={4}>
              {(data) => {
                const shown = data.entries.filter((entry) => matches(entry, filters));
                const filterKey = `${filters.courseId ?? ''}|${filters.lessonId ?? ''}`;
                return (
                  <>
                    <RecordExport
                      userId={userId}
                      name={name}
                      student={student}
                      roster={roster.data}
                      shared={mine}
                      names={names}
                      selfId={session.userId}
                      record={record}
                    />
                    <RecordFiltersForm
                      filters={filters}
                      choices={filterChoices(data.entries, filters)}
                      names={names}
                      total={data.entries.length}
                      onChange={(next: RecordFilters) => setFilters(next)}
                    />
                    <p className="record-counts" role="status">
                      {describeCounts(countEntries(shown), data.entries.length)}
                    </p>
                    {data.dated ? null : (
                      <p className="field-hint">
                        This platform does not say when a comment or note was written: comments come first, then notes,
                        each as the platform lists them, and which was written first is not known.
                      </p>
                    )}
                    {shown.length === 0 ? (
                      <EmptyState
                        title={
                          data.entries.length === 0
                            ? 'Nothing written about this student yet'
                            : 'Nothing here for these filters'
                        }
                      >
                        <p>
                          {data.entries.length === 0
                            ? 'Add the first comment or note with the forms.'
                            : 'Choose another course or lesson, or all of them.'}
                        </p>
                      </EmptyState>
                    ) : (
                      <RecordList
                        entries={shown}
                        names={names}
                        selfId={session.userId}
                        listKey={filterKey}
                        reveal={target}
                        justAdded={justAdded}
                        onWithdrawn={markWithdrawn}
                      />
                    )}
                  </>
                );
              }}
            </QueryView>
          </section>
        </div>
      )}
    </div>
  );
}

function NotYourStudent({ name }: { readonly name: string | undefined }) {
  return (
    <p className="muted">{name ?? 'This person'} is in no class you train now, so you cannot add to this record.</p>
  );
}
