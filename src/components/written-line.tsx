/**
 * Who wrote an entry and when, where that is known; says nothing of what is
 * not (the platform's comments and notes carry no time, its notes no author:
 * our service's elements carry `createdAt`, and a note its `author`).
 */

import { formatDayTime } from '../lib/format/plain-format';

export function WrittenLine({
  by,
  at,
}: {
  /** The writer's name, "you", or undefined when not known (or shown elsewhere on the card). */
  readonly by?: string | undefined;
  /** ISO date-time, or undefined when not known. */
  readonly at?: string | undefined;
}) {
  if (!by && !at) return null;
  return (
    <p className="entry-written">
      {by ? (
        <>
          Written by <bdi>{by}</bdi>
        </>
      ) : (
        'Written'
      )}
      {at ? (
        <>
          {' '}
          on <time dateTime={at}>{formatDayTime(at)}</time>
        </>
      ) : null}
    </p>
  );
}
