import { Link } from 'react-router-dom';
import type { Note } from '../../../../contract/notes';
import type { RosterNames } from '../../../components/roster-fields';
import { NoteMetadata, noteTitle } from './note-metadata';

export function NoteList({ notes, names }: { readonly notes: readonly Note[]; readonly names: RosterNames }) {
  return (
    <ol className="card-list">
      {notes.map((note) => (
        <li key={note.noteId} className="card">
          <article aria-labelledby={`note-${note.noteId}`}>
            <h3 id={`note-${note.noteId}`} className="card-title">
              <Link to={`/notes/${encodeURIComponent(note.noteId)}`}>{noteTitle(note, names)}</Link>
            </h3>
            <p className="user-text clamp">{note.text}</p>
            <NoteMetadata note={note} names={names} />
          </article>
        </li>
      ))}
    </ol>
  );
}
