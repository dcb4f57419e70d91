/**
 * Write a note; on success the note opens at its own URL. A trainer writes
 * about a student in a lesson; anyone else writes a note about themselves.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { CreateNoteBody } from '../../../contract/notes';
import { PageHeading } from '../../components/page-heading';
import { ErrorState, Skeleton, useShownTogether } from '../../components/states';
import { useAccess } from '../../lib/access/use-access';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { readFilters } from '../../lib/url/use-search-filters';
import { useCreateNote } from './api/note-queries';
import { NoteForm } from './components/note-form';

export default function NewNotePage() {
  const state = useAccess();
  const navigate = useNavigate();
  const create = useCreateNote();
  const save = async (body: CreateNoteBody) => {
    const note = await create.mutateAsync(body);
    navigate(`/notes/${encodeURIComponent(note.noteId)}`, { state: { message: 'Note saved.' } });
  };
  if (state.status === 'pending') {
    return (
      <div className="page page-narrow">
        <title>New note · Trainer dashboard</title>
        <Skeleton label="the note form" rows={3} />
      </div>
    );
  }
  if (state.status === 'ready' && !state.access.trainer) {
    return <NewOwnNote anonymous={state.access.anonymous} onSubmit={save} />;
  }
  return <NewTrainingNote onSubmit={save} />;
}

interface NewNoteProps {
  readonly onSubmit: (body: CreateNoteBody) => Promise<void>;
}

function NewOwnNote({ anonymous, onSubmit }: NewNoteProps & { readonly anonymous: boolean }) {
  const session = useSignedInSession();
  return (
    <div className="page page-narrow">
      <title>New note · Trainer dashboard</title>
      <p>
        <Link to="/notes">Back to my notes</Link>
      </p>
      <PageHeading intro="A private note about yourself: a reminder, or something to practise. Only you can read it; your trainers cannot.">
        New note
      </PageHeading>
      <section className="panel" aria-label="Note">
        <NoteForm
          about="self"
          roster={null}
          userId={session.userId}
          defaults={{}}
          onSubmit={onSubmit}
          announceSaved={false}
          note={
            anonymous
              ? 'It belongs to this anonymous profile: if you sign out, the profile and its notes are gone for you.'
              : undefined
          }
        />
      </section>
    </div>
  );
}

function NewTrainingNote({ onSubmit }: NewNoteProps) {
  const session = useSignedInSession();
  const [params] = useSearchParams();
  const roster = useQuery(rosterQueries.mine());
  // The forms go on screen in the background once the roster is in (see useShownTogether).
  const rosterWaiting = useShownTogether(roster.isPending);
  return (
    <div className="page page-narrow">
      <title>New training note · Trainer dashboard</title>
      <p>
        <Link to="/notes">Back to training notes</Link>
      </p>
      <PageHeading intro="A note about a student in a lesson; its class and course are filled in from them.">
        New training note
      </PageHeading>
      <section className="panel" aria-label="Note">
        {roster.isPending || rosterWaiting ? (
          <Skeleton label="your classes" rows={2} />
        ) : roster.isError ? (
          <ErrorState error={roster.error} what="your classes" onRetry={() => void roster.refetch()} />
        ) : (
          <NoteForm
            roster={roster.data}
            userId={session.userId}
            defaults={readFilters(params, ['classId', 'studentId', 'lessonId'])}
            onSubmit={onSubmit}
            announceSaved={false}
          />
        )}
      </section>
    </div>
  );
}
