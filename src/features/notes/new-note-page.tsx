/** Write a training note; on success the note opens at its own URL. */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';
import { ErrorState, Skeleton } from '../../components/states';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { readFilters } from '../../lib/url/use-search-filters';
import { useCreateNote } from './api/note-queries';
import { NoteForm } from './components/note-form';

export default function NewNotePage() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const roster = useQuery(rosterQueries.mine());
  const create = useCreateNote();

  return (
    <div className="page page-narrow">
      <title>New training note · Trainer dashboard</title>
      <p>
        <Link to="/notes">Back to training notes</Link>
      </p>
      <PageHeading intro="A note about a student in a lesson. The platform adds the class, course and the student’s user id.">
        New training note
      </PageHeading>
      <section className="panel" aria-label="Note">
        {roster.isPending ? (
          <Skeleton label="your classes" rows={2} />
        ) : roster.isError ? (
          <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
        ) : (
          <NoteForm
            roster={roster.data}
            userId={session.userId}
            defaults={readFilters(params, ['classId', 'studentId', 'lessonId'])}
            onSubmit={async (body) => {
              const note = await create.mutateAsync(body);
              navigate(`/notes/${encodeURIComponent(note.noteId)}`, { state: { message: 'Note saved.' } });
            }}
          />
        )}
      </section>
    </div>
  );
}
