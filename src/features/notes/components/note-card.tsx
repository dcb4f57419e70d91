/** One note in a list: its title (a link to the note), the text clamped, and who and where it is about. */
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Note } from '../../../../contract/notes';
import type { RosterNames } from '../../../components/roster-fields';
import { WrittenLine } from '../../../components/written-line';
import { useEntryFacts } from '../../../lib/api/entry-facts';
import { NoteMetadata, noteTitle, writerName } from './note-metadata';

export const NoteCard = memo(function NoteCard({
  note,
  names,
  selfId,
  linkPerson = true,
  top,
  lookUpWriter = false,
}: {
  readonly note: Note;
  readonly names: RosterNames;
  readonly selfId?: string;
  readonly linkPerson?: boolean;
  /** Above the title, e.g. the kind, time and author on a student's record. */
  readonly top?: ReactNode;
  /** Say who wrote it and when, where the service tells (see entry-facts). */
  readonly lookUpWriter?: boolean;
}) {
  const facts = useEntryFacts(note.userId, lookUpWriter);
  const writer = writerName(note, facts.noteAuthors.get(note.noteId), selfId);
  return (
    <li className="card">
      <article aria-labelledby={`note-${note.noteId}`}>
        {top}
        <h3 id={`note-${note.noteId}`} className="card-title">
          <Link to={`/notes/${encodeURIComponent(note.noteId)}`}>{noteTitle(note, names, selfId)}</Link>
        </h3>
        <p className="user-text clamp" dir="auto">
          {note.text}
        </p>
        {lookUpWriter ? <WrittenLine by={writer} at={facts.writtenAt.get(note.noteId)} /> : null}
        <NoteMetadata note={note} names={names} selfId={selfId} linkPerson={linkPerson} />
      </article>
    </li>
  );
});
