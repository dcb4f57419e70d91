/**
 * The author's corrections of their comment (extension): correct its text in
 * place (it keeps its place and first date and shows that it was edited), or
 * withdraw it after confirming (it leaves the lists and search; the student's
 * record keeps a mark, without the text, for the comment's readers). Nothing
 * is offered once the platform is known not to have corrections; a platform
 * found without them at the first use says so and changes nothing.
 */
import { useState, useSyncExternalStore } from 'react';
import { type Comment, commentTextSchema } from '../../../../contract/comments';
import { limits } from '../../../../contract/common';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextAreaField } from '../../../components/form-field';
import type { RosterNames } from '../../../components/roster-fields';
import { LiveMessage } from '../../../components/states';
import { isApiError } from '../../../lib/api/api-error';
import { useCorrectComment, useWithdrawComment } from '../../../lib/api/correction-queries';
import { describeError } from '../../../lib/api/describe-error';
import { extensions } from '../../../lib/api/extensions';
import { formatDay } from '../../../lib/format/plain-format';

const withdrawnMessage = 'Comment withdrawn. The student’s record keeps a mark of it, without its text.';
const correctedMessage = 'Comment corrected. It keeps its place and date, and shows that it was edited.';
const notOffered = 'This platform cannot correct or withdraw comments. Nothing was changed.';

function failure(error: unknown, what: string): string {
  if (isApiError(error) && error.status === 409) return `${error.message}.`;
  const { title, detail } = describeError(error, 'the comment');
  return `Nothing was changed: the comment was not ${what}. ${title}. ${detail}`;
}

export function CommentCorrections({
  comment,
  names,
  onWithdrawn,
  onCorrected,
}: {
  readonly comment: Comment;
  readonly names: RosterNames;
  /** Says the withdrawal where it outlives this card (which leaves the list); on the card when not given. */
  readonly onWithdrawn?: ((message: string, commentId: string) => void) | undefined;
  /** Says the correction on the card, which takes focus; here when not given. */
  readonly onCorrected?: (() => void) | undefined;
}) {
  const offered = useSyncExternalStore(extensions.subscribe, () => extensions.offered('corrections'));
  const correct = useCorrectComment();
  const withdraw = useWithdrawComment();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [text, setText] = useState(comment.text);
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<{ text: string; tone: 'info' | 'error' }>({ text: '', tone: 'info' });
  const fieldId = `correct-${comment.commentId}`;
  const className = names.classes.get(comment.class) ?? 'the comment’s class';

  const save = async () => {
    const parsed = commentTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(`Comment ${parsed.error.issues[0]?.message ?? 'is not valid'}.`);
      return;
    }
    if (text === comment.text) {
      setError('The text is unchanged.');
      return;
    }
    setError(undefined);
    try {
      const corrected = await correct.mutateAsync({ commentId: comment.commentId, text });
      if (corrected === null) {
        setMessage({ text: notOffered, tone: 'error' });
        return;
      }
      setEditing(false);
      // This editor is keyed by the text, so the corrected comment arrives with a fresh one: the card says it.
      if (onCorrected) onCorrected();
      else setMessage({ text: correctedMessage, tone: 'info' });
    } catch (failed) {
      setMessage({ text: `${failure(failed, 'corrected')} Your new text is kept; try again.`, tone: 'error' });
    }
  };

  const confirmWithdraw = async () => {
    try {
      const done = await withdraw.mutateAsync(comment.commentId);
      setConfirming(false);
      if (done === null) setMessage({ text: notOffered, tone: 'error' });
      else if (onWithdrawn) onWithdrawn(withdrawnMessage, comment.commentId);
      else setMessage({ text: withdrawnMessage, tone: 'info' });
    } catch (failed) {
      setConfirming(false);
      setMessage({ text: failure(failed, 'withdrawn'), tone: 'error' });
    }
  };

  if (!offered) return <LiveMessage message={message.text} tone={message.tone} />;
  return (
    <div className="comment-corrections">
      {editing ? (
        <>
          <TextAreaField
            id={fieldId}
            label="Corrected text"
            hint="The comment keeps its place and date and shows that it was edited; its earlier wording stays readable to those who read it."
            required
            rows={5}
            maxLength={limits.commentText}
            value={text}
            error={error}
            onChange={setText}
          />
          <div className="actions">
            <button type="button" className="button" onClick={() => void save()} disabled={correct.isPending}>
              Save correction
            </button>
            <button type="button" className="button button-secondary" onClick={() => setEditing(false)}>
              Cancel correction
            </button>
          </div>
        </>
      ) : (
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={() => setEditing(true)}>
            Correct
          </button>
          <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
            Withdraw
          </button>
        </div>
      )}
      <LiveMessage message={message.text} tone={message.tone} />
      <ConfirmDialog
        open={confirming}
        title="Withdraw this comment?"
        confirmLabel="Withdraw the comment"
        pending={withdraw.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmWithdraw()}
      >
        <p>
          It leaves the comment list and search, and its text and earlier wording are erased. The student’s record still
          shows, to you and the trainers of <bdi>{className}</bdi>, that you withdrew it on {formatDay(new Date())},
          without its text. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
