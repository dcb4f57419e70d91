/**
 * Classes and students (`/classes`): every class the trainer trains, each
 * with its students as the platform lists them, and for each student what a
 * trainer looks for before opening the record (rank or grade, AFSC, duty
 * title, and what has been written about them in the class). Every student
 * is a link to their whole record, so nobody is out of reach for want of a
 * comment. Built from the platform's own lists (see roster-queries and
 * class-activity-queries), each class's counts from one answer where our
 * service counts them: it works where our extensions are absent.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import type { ClassStudent } from '../../../contract/roster';
import { IncrementalCardList } from '../../components/incremental-list';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, ErrorState, Skeleton, useShownTogether } from '../../components/states';
import { StudentIdentity } from '../../components/student-identity';
import { TrainersOnly } from '../../components/trainers-only';
import { WriteToSeveralLink } from '../../components/write-to-several-link';
import { extensions } from '../../lib/api/extensions';
import { type PlatformRoster, rosterQueries } from '../../lib/api/roster-queries';
import { unreachableError } from '../../lib/api/unreachable';
import { type ActivitySummary, NO_ACTIVITY, summarizeByPerson } from './activity-summary';
import { classActivityQueries } from './api/class-activity-queries';
import { ClassExport } from './components/class-export';
import { FindStudent } from './components/find-student';
import { StudentSummary, workFactsOf } from './components/student-summary';

export default function ClassesPage() {
  return (
    <TrainersOnly what="Classes and students">
      <Classes />
    </TrainersOnly>
  );
}

export function Classes() {
  const roster = useQuery(rosterQueries.mine());
  const data = roster.data;
  const activities = useQueries({ queries: (data?.classes ?? []).map((c) => classActivityQueries.counts(c.classId)) });
  // On the platform each class's counts read every comment and note of the class: that can take a while.
  const countingByLists = !useSyncExternalStore(extensions.subscribe, () => extensions.offered('class-activity'));
  // Said at once when the service cannot be reached, rather than a skeleton for as long as the outage lasts.
  const rosterDown = unreachableError(roster);
  // The classes go on screen together, each with its students and their counts; a class whose comments
  // and notes could not be read (or cannot be reached) says so in its section.
  const waiting = useShownTogether(
    (roster.isPending && !rosterDown) ||
      activities.some((activity) => activity.isLoading && !unreachableError(activity)),
  );
  return (
    <div className="page">
      <title>Classes and students · Trainer dashboard</title>
      <PageHeading intro="Every class you train and its students. Open a student for everything written about them.">
        Classes and students
      </PageHeading>
      {rosterDown ? (
        <ErrorState error={rosterDown} what="your classes" onRetry={() => void roster.refetch()} />
      ) : waiting ? (
        <>
          {/* One line kept from the start, so the skeleton does not move when the line is said. */}
          <p className="muted counting-note" role="status">
            {countingByLists
              ? 'Counting what was written about your students: this platform has them counted one entry at a time…'
              : null}
          </p>
          <Skeleton label="your classes" rows={4} />
        </>
      ) : roster.isError ? (
        <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
      ) : !data ? (
        <EmptyState title="Your classes cannot be listed here">
          <p>This platform does not list the classes you train.</p>
        </EmptyState>
      ) : data.classes.length === 0 ? (
        <EmptyState title="You train no classes yet">
          <p>When you are made a trainer of a class, it is listed here with its students.</p>
        </EmptyState>
      ) : (
        <>
          <FindStudent roster={data} />
          {data.classes.map((c) => (
            <ClassSection key={c.classId} roster={data} classId={c.classId} />
          ))}
        </>
      )}
    </div>
  );
}

const fullName = (s: Pick<ClassStudent, 'firstName' | 'lastName'>) => `${s.firstName} ${s.lastName}`.trim();

function ClassSection({ roster, classId }: { readonly roster: PlatformRoster; readonly classId: string }) {
  const klass = roster.classes.find((c) => c.classId === classId);
  const members = roster.members.get(classId) ?? [];
  const activity = useQuery(classActivityQueries.counts(classId));
  const headingId = `class-${classId}`;
  // Once per answer: the rows render again only when what they show changes.
  const byPerson = useMemo(() => {
    if (!activity.data) return null;
    if (activity.data.countedBy === 'service') return activity.data.byPerson;
    const userOfStudent = new Map(members.flatMap((s) => (s.studentId ? [[s.studentId, s.userId] as const] : [])));
    return summarizeByPerson(activity.data.activity.comments, activity.data.activity.notes, userOfStudent);
  }, [activity.data, members]);
  const renderStudent = useCallback(
    (student: ClassStudent) => (
      <StudentCard student={student} activity={byPerson ? (byPerson.get(student.userId) ?? NO_ACTIVITY) : null} />
    ),
    [byPerson],
  );
  if (!klass) return null;
  const count = members.length;
  return (
    <section aria-labelledby={headingId} className="class-section">
      <h2 id={headingId}>
        <bdi>{klass.className}</bdi>
      </h2>
      <p className="muted">
        {klass.courseName ? (
          <>
            Course: <bdi>{klass.courseName}</bdi> ·{' '}
          </>
        ) : null}
        {count === 1 ? '1 student' : `${count} students`} ·{' '}
        <Link to={`/classes/${encodeURIComponent(classId)}/readiness`}>
          Readiness<span className="visually-hidden"> of {klass.className}</span>
        </Link>
      </p>
      {count > 0 ? <ClassExport klass={klass} members={members} /> : null}
      {klass.students.length > 1 ? <WriteToSeveralLink classId={classId} className={klass.className} /> : null}
      {activity.isError || unreachableError(activity) ? (
        <ErrorState
          error={activity.error ?? activity.failureReason}
          what="the comments and notes about this class"
          onRetry={() => void activity.refetch()}
        />
      ) : null}
      {count === 0 ? (
        <EmptyState title="No students in this class yet" />
      ) : (
        <IncrementalCardList
          items={members}
          keyOf={(s) => s.studentId ?? s.userId}
          renderItem={renderStudent}
          what="students"
          listKey={classId}
          atOnce
        />
      )}
    </section>
  );
}

function StudentCard({
  student,
  activity,
}: {
  readonly student: ClassStudent;
  /** Null while the comments and notes are loading, or when they could not be read. */
  readonly activity: ActivitySummary | null;
}) {
  return (
    <li className="card student-card">
      <StudentIdentity
        userId={student.userId}
        name={fullName(student)}
        handle={student.handle}
        pictureId={student.profilePic}
      />
      <StudentSummary facts={workFactsOf(student)} activity={activity} />
    </li>
  );
}
