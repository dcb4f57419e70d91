/**
 * Write to several students of a class at once (`/classes/write`, reached
 * from a class on the classes page and from the comments page): the class
 * and the kind of entry come from the address, the rest from the form.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, ErrorState, Skeleton, useShownTogether } from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { useBackLink } from '../../lib/url/came-from';
import { SeveralStudentsForm } from './components/several-students-form';

export default function SeveralStudentsPage() {
  return (
    <TrainersOnly what="Writing to several students">
      <SeveralStudents />
    </TrainersOnly>
  );
}

function SeveralStudents() {
  const session = useSignedInSession();
  const [params] = useSearchParams();
  const back = useBackLink({ to: '/classes', name: 'classes and students' });
  const roster = useQuery(rosterQueries.mine());
  const rosterWaiting = useShownTogether(roster.isPending);
  const kind = params.get('kind');
  return (
    <div className="page page-narrow">
      <title>Write to several students · Trainer dashboard</title>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <PageHeading intro="Choose students of a class, or the whole class, and write once: each student gets their own comment or training note, as if written one by one.">
        Write to several students
      </PageHeading>
      <section className="panel" aria-label="Entry for several students">
        {roster.isPending || rosterWaiting ? (
          <Skeleton label="your classes" rows={4} />
        ) : roster.isError ? (
          <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
        ) : roster.data === null ? (
          <EmptyState title="No classes to choose students from">
            <p>
              This platform does not list the classes you train, so there are no students to choose here. Write to each
              student from <Link to="/comments">Student comments</Link>.
            </p>
          </EmptyState>
        ) : roster.data.classes.length === 0 ? (
          <EmptyState title="You train no classes yet">
            <p>When you are made a trainer of a class, you can write to its students here.</p>
          </EmptyState>
        ) : (
          <SeveralStudentsForm
            roster={roster.data}
            userId={session.userId}
            classId={params.get('classId') ?? undefined}
            kind={kind === 'note' || kind === 'comment' ? kind : undefined}
          />
        )}
      </section>
    </div>
  );
}
