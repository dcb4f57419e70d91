/**
 * Who wrote an entry and when, where that is known; says nothing of what is
 * not (the platform's comments and notes carry no time, its notes no author:
 * our service's elements carry `createdAt`, and a note its `author`).
 */

import { formatDayTime } from '../lib/format/plain-format';

export function WrittenLine({
  by,
  at,
  editedAt,
}: {
  /** The writer's name, "you", or undefined when not known (or shown elsewhere on the card). */
  readonly by?: string | undefined;
  /** ISO date-time, or undefined when not known. */
  readonly at?: string | undefined;
  /** When its author last corrected it (the corrections extension); the first date stays `at`. */
  readonly editedAt?: string | undefined;
}) {
  if (!by && !at && !editedAt) return null;
  return (
    <p className="entry-written">
      {by ? (
        <>
          Written by <bdi>{by}</bdi>
        </>
      ) : at ? (
        'Written'
      ) : null}
      {at ? (
        <>
          {' '}
          on <time dateTime={at}>{formatDayTime(at)}</time>
        </>
      ) : null}
      {editedAt ? (
        <span className="entry-edited">
          {by || at ? ' · edited ' : 'Edited '}
          <time dateTime={editedAt}>{formatDayTime(editedAt)}</time>
        </span>
      ) : null}
    </p>
  );
}
