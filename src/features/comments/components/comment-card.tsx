/**
 * One comment: who wrote it, about whom (a link to the student's record),
 * where, and the text (as text). Shared by the comment list and a student's
 * record. What people wrote (names, handles, the text) is shown bidi-isolated,
 * so a right-to-left override in it turns nothing around it.
 */
import { memo, type ReactNode, useEffect, useRef, useState } from 'react';
import type { Comment } from '../../../../contract/comments';
import type { UserSummary } from '../../../../contract/users';
import { Avatar } from '../../../components/avatar';
import { bringIntoView } from '../../../components/bring-into-view';
import { EarlierWording } from '../../../components/earlier-wording';
import type { RosterNames } from '../../../components/roster-fields';
import { StudentLink } from '../../../components/student-link';
import { useJustAdded } from '../../../components/use-just-added';
import { WrittenLine } from '../../../components/written-line';
import { correctionQueries } from '../../../lib/api/correction-queries';
import { CommentCorrections } from './comment-corrections';

export function Person({
  user,
  relation,
  link = false,
}: {
  readonly user: UserSummary;
  readonly relation: string;
  /** The name links to the person's student record. */
  readonly link?: boolean;
}) {
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <div className="person">
      <Avatar pictureId={user.profilePic} name={name} size="small" />
      <div>
        <span className="person-role">{relation}</span>
        <span className="person-name">
          {link ? <StudentLink userId={user.userId} name={name} /> : <bdi>{name}</bdi>}
        </span>{' '}
        <bdi className="handle">{user.handle}</bdi>
      </div>
    </div>
  );
}

/** The roster's name for an id; words, never the id, where the roster does not know it. */
export function named(names: ReadonlyMap<string, string>, id: string, unknown = 'Not in your classes'): string {
  return names.get(id) ?? unknown;
}

/** One card; memoised so appending a page of a long list does not re-render the cards already shown. */
export const CommentCard = memo(function CommentCard({
  comment,
  names,
  linkStudent = true,
  top,
  showTime = false,
  justAdded = false,
  selfId,
  onWithdrawn,
}: {
  readonly comment: Comment;
  readonly names: RosterNames;
  /** Whether the student's name links to their record (not on that record itself). */
  readonly linkStudent?: boolean;
  /** Above the people, e.g. the kind and time on a student's record. */
  readonly top?: ReactNode;
  /** Say when it was written, where the comment carries it (`createdAt`); the author is on every comment. */
  readonly showTime?: boolean;
  /** The comment the person has just added: brought into view, highlighted and focused. */
  readonly justAdded?: boolean;
  /** The signed-in person: the author of the comment may correct or withdraw it (the corrections extension). */
  readonly selfId?: string | undefined;
  /** Where to say that the person withdrew it (the card itself then leaves the list); on the card when not given. */
  readonly onWithdrawn?: ((message: string, commentId: string) => void) | undefined;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useJustAdded(ref, justAdded);
  // Times its author corrected it here: each time the card takes focus and says so, as after adding.
  const [corrected, setCorrected] = useState(0);
  useEffect(() => {
    if (corrected > 0 && ref.current) bringIntoView(ref.current);
  }, [corrected]);
  const marked = justAdded || corrected > 0;
  return (
    <li ref={ref} className={marked ? 'card card-just-added' : 'card'} tabIndex={marked ? -1 : undefined}>
      <article
        aria-label={`Comment by ${comment.author.firstName} ${comment.author.lastName} about ${comment.student.firstName} ${comment.student.lastName}`}
      >
        {top}
        {corrected > 0 ? (
          <p className="just-added">Comment corrected</p>
        ) : justAdded ? (
          <p className="just-added">Comment added</p>
        ) : null}
        <div className="comment-people">
          <Person user={comment.author} relation="By" />
          <Person user={comment.student} relation="About" link={linkStudent} />
        </div>
        {showTime ? <WrittenLine at={comment.createdAt} editedAt={comment.editedAt} /> : null}
        <p className="user-text" dir="auto">
          {comment.text}
        </p>
        {!showTime && comment.editedAt ? <WrittenLine editedAt={comment.editedAt} /> : null}
        {comment.editedAt ? <EarlierWording versions={correctionQueries.ofComment(comment.commentId)} /> : null}
        <dl className="meta">
          <div>
            <dt>Class</dt>
            <dd>{named(names.classes, comment.class, 'Not one of your classes')}</dd>
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
        {selfId !== undefined && comment.author.userId === selfId ? (
          // Keyed by the text: a correction saved elsewhere starts the editor from the new one.
          <CommentCorrections
            key={comment.text}
            comment={comment}
            names={names}
            onWithdrawn={onWithdrawn}
            onCorrected={() => setCorrected((times) => times + 1)}
          />
        ) : null}
      </article>
    </li>
  );
});
