/**
 * The record's header: the person at a glance (rank or grade, AFSC, duty
 * title, how many comments and notes and the latest of each, as on the class
 * page) and what they share with the viewer: the viewer's classes they are
 * in, and each class's trainers. The platform's lists name no trainers, so
 * they come from the audience extension (the trainers who read what is
 * written in the class); without it, only the viewer is known to train it.
 */
import { useQuery } from '@tanstack/react-query';
import type { Roster, RosterClass } from '../../../../contract/roster';
import { type ActivityEntry, summarize } from '../../../features/roster/activity-summary';
import { StudentSummary, workFactsOf } from '../../../features/roster/components/student-summary';
import type { PlatformRoster } from '../../../lib/api/roster-queries';
import { sharedClassAudience } from '../record-queries';

export function RecordHeader({
  userId,
  viewerId,
  roster,
  shared,
  entries,
}: {
  readonly userId: string;
  readonly viewerId: string;
  readonly roster: PlatformRoster | null | undefined;
  /** The viewer's classes the person is in, with only them as student. */
  readonly shared: Roster | null;
  /** The record's entries, once read; their counts and latest dates. */
  readonly entries: readonly ActivityEntry[] | undefined;
}) {
  const facts = workFactsOf(roster?.people.get(userId));
  return (
    <section aria-label="Summary" className="record-header">
      <StudentSummary facts={facts} activity={entries ? summarize(entries) : null} />
      {shared && shared.classes.length > 0 ? (
        <>
          <h2 className="record-header-title">Classes you share</h2>
          <ul className="shared-classes">
            {shared.classes.map((c) => (
              <SharedClass key={c.classId} klass={c} viewerId={viewerId} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** A shared class, named as the roster names it (the class it comes from). */
function SharedClass({ klass, viewerId }: { readonly klass: RosterClass; readonly viewerId: string }) {
  const { className, courseName } = klass;
  const audience = useQuery(sharedClassAudience(klass));
  // The trainers the platform names; the viewer first, as "you". Unknown: the viewer alone.
  const others = (audience.data?.classTrainers?.trainers ?? []).filter((t) => t.userId !== viewerId);
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
      {audience.isLoading ? (
        // The record waits for the other trainers only briefly (student-record-page.tsx): they may follow.
        <>
          ,{' '}
          <span className="skeleton-words" aria-hidden="true">
            other trainers
          </span>
          <span className="visually-hidden">(the class’s other trainers are still loading)</span>
        </>
      ) : audience.isError ? (
        <span className="muted"> (its other trainers could not be read)</span>
      ) : null}
    </li>
  );
}
