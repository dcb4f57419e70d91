/**
 * A student's record: comments and notes in one list, newest first, each
 * marked with its kind and when it was written. Long records render a page
 * at a time (see incremental-list).
 */

import { useCallback } from 'react';
import { noteCategoryOf } from '../../../../contract/notes';
import type { RecordEntry } from '../../../../contract/student-record';
import { IncrementalCardList } from '../../../components/incremental-list';
import type { RosterNames } from '../../../components/roster-fields';
import { CommentCard } from '../../../features/comments/components/comment-card';
import { NoteCard } from '../../../features/notes/components/note-card';
import { categoryLabels } from '../../../features/notes/components/note-metadata';

const formatTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format;

function EntryTop({
  kind,
  createdAt,
  by,
}: {
  readonly kind: string;
  readonly createdAt: string;
  readonly by?: string;
}) {
  return (
    <p className="entry-top">
      <span className={`entry-kind entry-kind-${kind === 'Comment' ? 'comment' : 'note'}`}>{kind}</span>{' '}
      <time dateTime={createdAt}>{formatTime(new Date(createdAt))}</time>
      {by ? (
        <span className="entry-by">
          {' '}
          · by <bdi>{by}</bdi>
        </span>
      ) : null}
    </p>
  );
}

export function entryKey(entry: RecordEntry): string {
  return entry.kind === 'comment' ? `c:${entry.comment.commentId}` : `n:${entry.note.noteId}`;
}

export function RecordList({
  entries,
  names,
  selfId,
  listKey,
}: {
  readonly entries: readonly RecordEntry[];
  readonly names: RosterNames;
  readonly selfId: string;
  /** Changes with the filters: back to the first page. */
  readonly listKey: string;
}) {
  const renderItem = useCallback(
    (entry: RecordEntry) =>
      entry.kind === 'comment' ? (
        <CommentCard
          comment={entry.comment}
          names={names}
          linkStudent={false}
          top={<EntryTop kind="Comment" createdAt={entry.createdAt} />}
        />
      ) : (
        <NoteCard
          note={entry.note}
          names={names}
          selfId={selfId}
          linkPerson={false}
          top={
            <EntryTop
              kind={categoryLabels[noteCategoryOf(entry.note)]}
              createdAt={entry.createdAt}
              by={entry.author.userId === selfId ? 'you' : `${entry.author.firstName} ${entry.author.lastName}`}
            />
          }
        />
      ),
    [names, selfId],
  );
  return (
    <IncrementalCardList items={entries} keyOf={entryKey} renderItem={renderItem} what="entries" listKey={listKey} />
  );
}
