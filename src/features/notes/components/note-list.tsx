import { useCallback } from 'react';
import type { Note } from '../../../../contract/notes';
import { IncrementalCardList, type MorePages } from '../../../components/incremental-list';
import type { RosterNames } from '../../../components/roster-fields';
import { NoteCard } from './note-card';

const keyOfNote = (note: Note) => note.noteId;

/** Notes, a page at a time for long lists (see incremental-list). */
export function NoteList({
  notes,
  names,
  listKey = '',
  more,
  selfId,
  linkPeople = true,
  showWriters = false,
}: {
  readonly notes: readonly Note[];
  readonly names: RosterNames;
  /** Changes when the list is a different one (other filters): back to the first page. */
  readonly listKey?: string;
  /** The rest of the list, when the service pages it. */
  readonly more?: MorePages;
  readonly selfId?: string;
  /** Names link to student records (trainers only). */
  readonly linkPeople?: boolean;
  /** Say who wrote each note and when, where the note carries them. */
  readonly showWriters?: boolean;
}) {
  const renderItem = useCallback(
    (note: Note) => (
      <NoteCard note={note} names={names} selfId={selfId} linkPerson={linkPeople} showWriter={showWriters} />
    ),
    [names, selfId, linkPeople, showWriters],
  );
  return (
    <IncrementalCardList
      items={notes}
      keyOf={keyOfNote}
      renderItem={renderItem}
      what="notes"
      listKey={listKey}
      {...(more ? { more } : {})}
    />
  );
}
