/** One note in a list: its title (a link to the note), the text clamped, and who and where it is about. */
import { memo, type ReactNode, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { Note } from '../../../../contract/notes';
import type { RosterNames } from '../../../components/roster-fields';
import { useJustAdded } from '../../../components/use-just-added';
import { WrittenLine } from '../../../components/written-line';
import { useHereAsOrigin } from '../../../lib/url/came-from';
import { NoteMetadata, noteTitle, writerName } from './note-metadata';

export const NoteCard = memo(function NoteCard({
  note,
  names,
  selfId,
  linkPerson = true,
  top,
  showWriter = false,
  justAdded = false,
}: {
  readonly note: Note;
  readonly names: RosterNames;
  readonly selfId?: string;
  readonly linkPerson?: boolean;
  /** Above the title, e.g. the kind, time and author on a student's record. */
  readonly top?: ReactNode;
  /** Say who wrote it and when, where the note carries them (`author`, `createdAt`). */
  readonly showWriter?: boolean;
  /** The note the person has just written here: brought into view, highlighted and focused. */
  readonly justAdded?: boolean;
}) {
  const writer = writerName(note, note.author, selfId);
  const ref = useRef<HTMLLIElement>(null);
  useJustAdded(ref, justAdded);
  // The note's "Back to …" and its Delete return here, filters and all.
  const origin = useHereAsOrigin();
  return (
    <li ref={ref} className={justAdded ? 'card card-just-added' : 'card'} tabIndex={justAdded ? -1 : undefined}>
      <article aria-labelledby={`note-${note.noteId}`}>
        {top}
        {justAdded ? <p className="just-added">Note added</p> : null}
        <h3 id={`note-${note.noteId}`} className="card-title">
          <Link to={`/notes/${encodeURIComponent(note.noteId)}`} state={origin}>
            {noteTitle(note, names, selfId)}
          </Link>
        </h3>
        <p className="user-text clamp" dir="auto">
          {note.text}
        </p>
        {showWriter ? <WrittenLine by={writer} at={note.createdAt} editedAt={note.editedAt} /> : null}
        <NoteMetadata note={note} names={names} selfId={selfId} linkPerson={linkPerson} />
      </article>
    </li>
  );
});
