/**
 * A student's record: comments and notes in one list, newest first, each
 * marked with its kind and when it was written (or that this is not known). Long records render a page
 * at a time (see incremental-list).
 */

import { useCallback } from 'react';
import { noteCategoryOf } from '../../../../contract/notes';
import { IncrementalCardList } from '../../../components/incremental-list';
import type { RosterNames } from '../../../components/roster-fields';
import { CommentCard } from '../../../features/comments/components/comment-card';
import { NoteCard } from '../../../features/notes/components/note-card';
import { categoryLabels } from '../../../features/notes/components/note-metadata';
import { formatDayTime } from '../../../lib/format/plain-format';
import type { ShownEntry } from '../record-model';
import { WithdrawnCard } from './withdrawn-card';

function EntryTop({
  kind,
  createdAt,
  by,
}: {
  readonly kind: string;
  /** Null: the platform does not say when it was written. */
  readonly createdAt: string | null;
  readonly by?: string | undefined;
}) {
  return (
    <p className="entry-top">
      <span className={`entry-kind entry-kind-${kind === 'Comment' ? 'comment' : 'note'}`}>{kind}</span>{' '}
      {createdAt ? <time dateTime={createdAt}>{formatDayTime(createdAt)}</time> : <span>date not known</span>}
      {by ? (
        <span className="entry-by">
          {' '}
          · by <bdi>{by}</bdi>
        </span>
      ) : null}
    </p>
  );
}

export function entryKey(entry: ShownEntry): string {
  if (entry.kind === 'withdrawn') return `w:${entry.commentId}`;
  return entry.kind === 'comment' ? `c:${entry.comment.commentId}` : `n:${entry.note.noteId}`;
}

export function RecordList({
  entries,
  names,
  selfId,
  listKey,
  reveal,
  justAdded,
  onWithdrawn,
}: {
  readonly entries: readonly ShownEntry[];
  readonly names: RosterNames;
  readonly selfId: string;
  /** Changes with the filters: back to the first page. */
  readonly listKey: string;
  /** The key of the entry a link named (see use-entry-target): brought on screen and focused. */
  readonly reveal?: string | undefined;
  /** The key (entryKey) of the entry just written with the page's forms: focused and brought into view. */
  readonly justAdded?: string | undefined;
  /** The viewer withdrew one of their comments here (its mark, `w:` + id, takes its place). */
  readonly onWithdrawn?: ((message: string, commentId: string) => void) | undefined;
}) {
  const renderItem = useCallback(
    (entry: ShownEntry) =>
      entry.kind === 'withdrawn' ? (
        <WithdrawnCard entry={entry} names={names} selfId={selfId} justWithdrawn={entryKey(entry) === justAdded} />
      ) : entry.kind === 'comment' ? (
        <CommentCard
          comment={entry.comment}
          names={names}
          selfId={selfId}
          linkStudent={false}
          justAdded={entryKey(entry) === justAdded}
          onWithdrawn={onWithdrawn}
          top={<EntryTop kind="Comment" createdAt={entry.createdAt} />}
        />
      ) : (
        <NoteCard
          note={entry.note}
          names={names}
          selfId={selfId}
          linkPerson={false}
          justAdded={entryKey(entry) === justAdded}
          top={
            <EntryTop
              kind={categoryLabels[noteCategoryOf(entry.note)]}
              createdAt={entry.createdAt}
              by={
                entry.author === null
                  ? undefined
                  : entry.author.userId === selfId
                    ? 'you'
                    : `${entry.author.firstName} ${entry.author.lastName}`
              }
            />
          }
        />
      ),
    [names, selfId, justAdded, onWithdrawn],
  );
  return (
    <IncrementalCardList
      items={entries}
      keyOf={entryKey}
      renderItem={renderItem}
      what="entries"
      listKey={listKey}
      reveal={reveal}
    />
  );
}
