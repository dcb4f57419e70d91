/**
 * Comments newest first (see CommentCard). Long lists render a page at a time
 * (see incremental-list): rows not rendered yet fetch no pictures.
 */
import { useCallback } from 'react';
import type { Comment } from '../../../../contract/comments';
import { IncrementalCardList, type MorePages } from '../../../components/incremental-list';
import type { RosterNames } from '../../../components/roster-fields';
import { CommentCard } from './comment-card';

const keyOfComment = (comment: Comment) => comment.commentId;

export function CommentList({
  comments,
  names,
  listKey = '',
  more,
  justAdded,
  selfId,
  onWithdrawn,
}: {
  readonly comments: readonly Comment[];
  readonly names: RosterNames;
  /** Changes when the list is a different one (other filters): back to the first page. */
  readonly listKey?: string;
  /** The rest of the list, when the service pages it. */
  readonly more?: MorePages;
  /** The id of the comment the person has just added (see CommentCard). */
  readonly justAdded?: string | undefined;
  /** The signed-in person, who may correct or withdraw what they wrote. */
  readonly selfId?: string | undefined;
  /** Told what to say once the person withdrew one of theirs (its card leaves the list). */
  readonly onWithdrawn?: ((message: string) => void) | undefined;
}) {
  const renderItem = useCallback(
    (comment: Comment) => (
      <CommentCard
        comment={comment}
        names={names}
        showTime
        justAdded={comment.commentId === justAdded}
        selfId={selfId}
        onWithdrawn={onWithdrawn}
      />
    ),
    [names, justAdded, selfId, onWithdrawn],
  );
  return (
    <IncrementalCardList
      items={comments}
      keyOf={keyOfComment}
      renderItem={renderItem}
      what="comments"
      listKey={listKey}
      {...(more ? { more } : {})}
    />
  );
}
