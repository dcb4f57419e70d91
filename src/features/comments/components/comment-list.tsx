/**
 * Comments newest first: who wrote each, about whom, where, and the text (as text).
 * Long lists render a page at a time (see incremental-list): rows not rendered yet
 * fetch no pictures.
 */
import { memo } from 'react';
import type { Comment } from '../../../../contract/comments';
import type { UserSummary } from '../../../../contract/users';
import { Avatar } from '../../../components/avatar';
import { IncrementalCardList, type MorePages } from '../../../components/incremental-list';
import type { RosterNames } from '../../../components/roster-fields';

function Person({ user, relation }: { readonly user: UserSummary; readonly relation: string }) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="person">
      <Avatar pictureId={user.profilePic} name={name} size="small" />
      <div>
        <span className="person-role">{relation}</span>
        <span className="person-name">{name}</span> <span className="handle">{user.handle}</span>
      </div>
    </div>
  );
}

/** The roster's name for an id; the id itself where the roster does not know it. */
function named(names: ReadonlyMap<string, string>, id: string): string {
  return names.get(id) ?? id;
}

/** One row; memoised so appending a page does not re-render the rows already shown. */
const CommentRow = memo(function CommentRow({
  comment,
  names,
}: {
  readonly comment: Comment;
  readonly names: RosterNames;
}) {
  return (
    <li className="card">
      <article
        aria-label={`Comment by ${comment.author.firstName} ${comment.author.lastName} about ${comment.student.firstName} ${comment.student.lastName}`}
      >
        <div className="comment-people">
          <Person user={comment.author} relation="By" />
          <Person user={comment.student} relation="About" />
        </div>
        <p className="user-text">{comment.text}</p>
        <dl className="meta">
          <div>
            <dt>Class</dt>
            <dd>{named(names.classes, comment.class)}</dd>
          </div>
          <div>
            <dt>Course</dt>
            <dd>{named(names.courses, comment.course)}</dd>
          </div>
          <div>
            <dt>Lesson</dt>
            <dd>{comment.lesson ? named(names.lessons, comment.lesson) : 'No particular lesson'}</dd>
          </div>
        </dl>
      </article>
    </li>
  );
});

export function CommentList({
  comments,
  names,
  listKey = '',
  more,
}: {
  readonly comments: readonly Comment[];
  readonly names: RosterNames;
  /** Changes when the list is a different one (other filters): back to the first page. */
  readonly listKey?: string;
  /** The rest of the list, when the service pages it. */
  readonly more?: MorePages;
}) {
  return (
    <IncrementalCardList
      items={comments}
      keyOf={(comment) => comment.commentId}
      renderItem={(comment) => <CommentRow comment={comment} names={names} />}
      what="comments"
      listKey={listKey}
      {...(more ? { more } : {})}
    />
  );
}
