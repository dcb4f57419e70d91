/** One note at its own URL (`/notes/:noteId`), with its metadata and a confirmed delete. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { type Note, noteCategoryOf } from '../../../contract/notes';
import { bringIntoView } from '../../components/bring-into-view';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EarlierWording } from '../../components/earlier-wording';
import { PageHeading } from '../../components/page-heading';
import { rosterNames } from '../../components/roster-fields';
import { EmptyState, LiveMessage, QueryView } from '../../components/states';
import { WrittenLine } from '../../components/written-line';
import { useAccess } from '../../lib/access/use-access';
import { isApiError } from '../../lib/api/api-error';
import { describeError } from '../../lib/api/describe-error';
import { rosterQueries } from '../../lib/api/roster-queries';
import { useSignedInSession } from '../../lib/session/use-session';
import { useBackLink } from '../../lib/url/came-from';
import { noteVersions } from './api/note-corrections';
import { noteQueries, useRemoveNote } from './api/note-queries';
import { NoteEdit } from './components/note-edit';
import { NoteMetadata, noteTitle, writerName } from './components/note-metadata';

function removeFailure(error: unknown): string {
  if (isApiError(error) && error.code === 'forbidden') return 'Only the author of a note can delete it.';
  const { title, detail } = describeError(error, 'the note');
  return `The note was not deleted. ${title}. ${detail}`;
}

/** Whether the viewer wrote the note: 'self', 'other', or 'unknown' where the service does not say. */
type Writer = 'self' | 'other' | 'unknown';

function writerOf(note: Note, authorId: string | undefined, selfId: string): Writer {
  if (authorId) return authorId === selfId ? 'self' : 'other';
  // Only its writer reads a user note.
  return noteCategoryOf(note) === 'user' ? 'self' : 'unknown';
}

/** Only what will work: the writer may change and delete; anyone else is told who can. */
function NoteActions({
  note,
  selfId,
  writer,
  onDelete,
  onCorrected,
}: {
  readonly note: Note;
  readonly selfId: string;
  readonly writer: Writer;
  readonly onDelete: () => void;
  readonly onCorrected: () => void;
}) {
  if (writer === 'other') {
    return <p className="field-hint">Only the person who wrote this note can change or delete it.</p>;
  }
  return (
    <>
      <div className="actions">
        {/* Keyed by note: after a change the page shows the new note, and its editor starts closed. */}
        {writer === 'self' ? (
          <NoteEdit key={note.noteId} note={note} selfId={selfId} onCorrected={onCorrected} />
        ) : null}
        <button type="button" className="button button-danger" onClick={onDelete}>
          Delete note
        </button>
      </div>
      {writer === 'unknown' ? <p className="field-hint">Only the person who wrote a note can delete it.</p> : null}
    </>
  );
}

export default function NotePage() {
  const { noteId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSignedInSession();
  const access = useAccess();
  // Only a trainer has classes to name; anyone else's notes are about themselves.
  const trainer = access.status !== 'ready' || access.access.trainer;
  const note = useQuery(noteQueries.detail(noteId));
  const roster = useQuery({ ...rosterQueries.mine(), enabled: trainer });
  const remove = useRemoveNote();
  const [confirming, setConfirming] = useState(false);
  const names = rosterNames(roster.data);
  const arrived = location.state as { message?: string; changed?: boolean } | null;
  const flash = arrived?.message ?? '';
  // The note the person has just changed takes focus and says so, as an entry just added does: corrected in
  // place here, or arrived here as its replacement (new note, then the old one removed).
  const [correctedNote, setCorrectedNote] = useState<string>();
  const mark =
    correctedNote === noteId ? 'Note corrected' : arrived?.changed ? 'Note changed: saved as a new note' : undefined;
  const article = useRef<HTMLElement>(null);
  const shown = note.data !== undefined && !(trainer && roster.isPending);
  const focusNote = () =>
    // After the layout's own focus on a new page's heading, which runs after this page's effects.
    setTimeout(() => {
      if (article.current) bringIntoView(article.current);
    }, 0);
  const arrivedChanged = arrived?.changed === true;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per arrival (location.key), when the note is shown.
  useEffect(() => {
    if (!arrivedChanged || !shown) return;
    const timer = focusNote();
    return () => clearTimeout(timer);
  }, [location.key, arrivedChanged, shown]);
  const back = useBackLink({ to: '/notes', name: trainer ? 'training notes' : 'my notes' });
  // Deleted: back to the list it was opened from, filters kept; from elsewhere (a record), to the notes.
  const afterDelete = back.to.split('?')[0] === '/notes' ? back.to : '/notes';

  const confirmDelete = () =>
    remove.mutate(noteId, {
      onSuccess: () => navigate(afterDelete, { replace: true, state: { message: 'Note deleted.', deleted: true } }),
      onSettled: () => setConfirming(false),
    });

  return (
    <div className="page page-narrow">
      <title>{`${trainer ? 'Training note' : 'Note'} · Trainer dashboard`}</title>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
      <PageHeading>{trainer ? 'Training note' : 'Note'}</PageHeading>
      <LiveMessage message={flash} />
      {/* Shown once the names are known too, so the title and details do not reflow under the reader. */}
      <QueryView
        query={note}
        what="the note"
        skeletonRows={2}
        waitingFor={trainer && roster.isPending}
        renderError={(error) =>
          isApiError(error) && error.status === 404 ? (
            <EmptyState title="This note does not exist">
              <p>
                It may have been deleted, or the address is wrong. <Link to="/notes">See all your notes</Link>.
              </p>
            </EmptyState>
          ) : undefined
        }
      >
        {(data) => (
          <article
            ref={article}
            className={mark ? 'panel card-just-added' : 'panel'}
            aria-labelledby="note-title"
            tabIndex={mark ? -1 : undefined}
          >
            {mark ? <p className="just-added">{mark}</p> : null}
            <h2 id="note-title">{noteTitle(data, names, session.userId)}</h2>
            <p className="user-text" dir="auto">
              {data.text}
            </p>
            <WrittenLine
              by={writerName(data, data.author, session.userId)}
              at={data.createdAt}
              editedAt={data.editedAt}
            />
            {data.editedAt ? <EarlierWording versions={noteVersions(data.noteId)} /> : null}
            <h3>Details</h3>
            <NoteMetadata note={data} names={names} detailed selfId={session.userId} linkPerson={trainer} />
            <NoteActions
              note={data}
              selfId={session.userId}
              writer={writerOf(data, data.author?.userId, session.userId)}
              onDelete={() => setConfirming(true)}
              onCorrected={() => {
                setCorrectedNote(data.noteId);
                focusNote();
              }}
            />
            <LiveMessage message={remove.isError ? removeFailure(remove.error) : ''} tone="error" />
            <ConfirmDialog
              open={confirming}
              title="Delete this note?"
              confirmLabel="Delete permanently"
              pending={remove.isPending}
              onCancel={() => setConfirming(false)}
              onConfirm={confirmDelete}
            >
              <p>The note is removed for everyone who can read it. This cannot be undone.</p>
            </ConfirmDialog>
          </article>
        )}
      </QueryView>
    </div>
  );
}
