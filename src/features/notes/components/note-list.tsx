import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Note } from '../../../../contract/notes';
import { IncrementalCardList, type MorePages } from '../../../components/incremental-list';
import type { RosterNames } from '../../../components/roster-fields';
import { NoteMetadata, noteTitle } from './note-metadata';

/** One row; memoised so appending a page does not re-render the rows already shown. */
const NoteRow = memo(function NoteRow({ note, names }: { readonly note: Note; readonly names: RosterNames }) {
  return (
    <li className="card">
      <article aria-labelledby={`note-${note.noteId}`}>
        <h3 id={`note-${note.noteId}`} className="card-title">
          <Link to={`/notes/${encodeURIComponent(note.noteId)}`}>{noteTitle(note, names)}</Link>
        </h3>
        <p className="user-text clamp">{note.text}</p>
        <NoteMetadata note={note} names={names} />
      </article>
    </li>
  );
});

/** Notes, a page at a time for long lists (see incremental-list). */
export function NoteList({
  notes,
  names,
  listKey = '',
  more,
}: {
  readonly notes: readonly Note[];
  readonly names: RosterNames;
  /** Changes when the list is a different one (other filters): back to the first page. */
  readonly listKey?: string;
  /** The rest of the list, when the service pages it. */
  readonly more?: MorePages;
}) {
  return (
    <IncrementalCardList
      items={notes}
      keyOf={(note) => note.noteId}
      renderItem={(note) => <NoteRow note={note} names={names} />}
      what="notes"
      listKey={listKey}
      {...(more ? { more } : {})}
    />
  );
}
