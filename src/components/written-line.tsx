/**
 * Who wrote an entry and when, where that is known; says nothing of what is
 * not (the platform's comments and notes carry no time, its notes no author:
 * our service's elements carry `createdAt`, and a note its `author`).
 */

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A readable local date and time for an ISO date-time. */
export function formatWrittenAt(iso: string): string {
  return timeFormat.format(new Date(iso));
}

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
          on <time dateTime={at}>{formatWrittenAt(at)}</time>
        </>
      ) : null}
    </p>
  );
}
