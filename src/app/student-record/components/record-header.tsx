/**
 * The record's header: the person at a glance (rank or grade, AFSC, duty
 * title, how many comments and notes and the latest of each, as on the class
 * page) and what they share with the viewer: the viewer's classes they are
 * in, and each class's trainers. The platform's lists name no trainers, so
 * they come from the record extension's answer, or else from the audience
 * extension (the trainers who read what is written in the class); without
 * either, only the viewer is known to train it.
 */
import { useQuery } from '@tanstack/react-query';
import type { Reader } from '../../../../contract/audience';
import type { ClassStudent, RosterClass } from '../../../../contract/roster';
import type { RecordSharedClass } from '../../../../contract/student-record';
import { type ActivityEntry, summarize } from '../../../features/roster/activity-summary';
import { StudentSummary, workFactsOf } from '../../../features/roster/components/student-summary';
import { sharedClassAudience } from '../record-queries';

/**
 * A class the viewer shares with the person, as the header names it: with its trainers when the record names
 * them (the record extension), else with the roster's class, whose trainers the audience extension names.
 */
export type HeaderClass = { readonly known: RecordSharedClass } | { readonly rosterClass: RosterClass };

export function RecordHeader({
  person,
  viewerId,
  shared,
  entries,
}: {
  /** The person as the record or the roster knows them: their rank or grade, AFSC and duty title. */
  readonly person: Partial<ClassStudent> | undefined;
  readonly viewerId: string;
  /** The viewer's classes the person is in. */
  readonly shared: readonly HeaderClass[];
  /** The record's entries, once read; their counts and latest dates. */
  readonly entries: readonly ActivityEntry[] | undefined;
}) {
  const facts = workFactsOf(person);
  return (
    <section aria-label="Summary" className="record-header">
      <StudentSummary facts={facts} activity={entries ? summarize(entries) : null} />
      {shared.length > 0 ? (
        <>
          <h2 className="record-header-title">Classes you share</h2>
          <ul className="shared-classes">
            {shared.map((c) =>
              'known' in c ? (
                <SharedClassLine
                  key={c.known.classId}
                  className={c.known.className}
                  courseName={c.known.courseName}
                  viewerId={viewerId}
                  others={c.known.trainers}
                  state="read"
                />
              ) : (
                <AudienceClass key={c.rosterClass.classId} klass={c.rosterClass} viewerId={viewerId} />
              ),
            )}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** A shared class from the roster: its other trainers come from the audience extension. */
function AudienceClass({ klass, viewerId }: { readonly klass: RosterClass; readonly viewerId: string }) {
  const audience = useQuery(sharedClassAudience(klass));
  return (
    <SharedClassLine
      className={klass.className}
      courseName={klass.courseName}
      viewerId={viewerId}
      others={audience.data?.classTrainers?.trainers ?? []}
      state={audience.isLoading ? 'loading' : audience.isError ? 'failed' : 'read'}
    />
  );
}

/** A shared class, named as the roster names it (the class it comes from), and who trains it: the viewer first, as "you". */
function SharedClassLine({
  className,
  courseName,
  viewerId,
  others: trainersRead,
  state,
}: {
  readonly className: string;
  readonly courseName: string;
  readonly viewerId: string;
  /** The class's trainers as read; unknown: the viewer alone. */
  readonly others: readonly Reader[];
  readonly state: 'loading' | 'failed' | 'read';
}) {
  const others = trainersRead.filter((t) => t.userId !== viewerId);
  const trainers = [
    { id: viewerId, name: 'you' },
    ...others.map((t) => ({ id: t.userId, name: `${t.firstName} ${t.lastName}`.trim() })),
  ];
  return (
    <li>
      <bdi>{className || 'A class you train'}</bdi>
      {courseName ? (
        <>
          {' ('}
          <bdi>{courseName}</bdi>)
        </>
      ) : null}
      {' · Trainers: '}
      {trainers.map((trainer, i) => (
        <span key={trainer.id}>
          {i > 0 ? ', ' : ''}
          <bdi>{trainer.name}</bdi>
        </span>
      ))}
      {state === 'loading' ? (
        // The record waits for the other trainers only briefly (student-record-page.tsx): they may follow.
        <>
          ,{' '}
          <span className="skeleton-words" aria-hidden="true">
            other trainers
          </span>
          <span className="visually-hidden">(the class’s other trainers are still loading)</span>
        </>
      ) : state === 'failed' ? (
        <span className="muted"> (its other trainers could not be read)</span>
      ) : null}
    </li>
  );
}
