/**
 * A comment its author withdrew, as the record shows it to the comment's
 * readers: where it was and who withdrew it when, never its text (the
 * service erases it), so a record never changes silently.
 */
import { useRef } from 'react';
import type { RosterNames } from '../../../components/roster-fields';
import { useJustAdded } from '../../../components/use-just-added';
import { formatDay, formatDayTime } from '../../../lib/format/plain-format';
import type { ShownEntry } from '../record-model';

export function WithdrawnCard({
  entry,
  names,
  selfId,
  justWithdrawn = false,
}: {
  readonly entry: Extract<ShownEntry, { kind: 'withdrawn' }>;
  readonly names: RosterNames;
  readonly selfId: string;
  /** The viewer has just withdrawn it on this page: its mark takes focus, saying so, where the comment was. */
  readonly justWithdrawn?: boolean;
}) {
  const ref = useRef<HTMLLIElement>(null);
  useJustAdded(ref, justWithdrawn);
  const author = entry.author.userId === selfId ? 'you' : `${entry.author.firstName} ${entry.author.lastName}`;
  const lesson = entry.lesson ? names.lessons.get(entry.lesson) : undefined;
  const place = [names.classes.get(entry.class), lesson ?? names.courses.get(entry.course)].filter(Boolean).join(', ');
  return (
    <li
      ref={ref}
      className={justWithdrawn ? 'card card-withdrawn card-just-added' : 'card card-withdrawn'}
      tabIndex={justWithdrawn ? -1 : undefined}
    >
      <article aria-label={`Comment withdrawn by ${author}`}>
        {justWithdrawn ? <p className="just-added">Comment withdrawn</p> : null}
        <p className="entry-top">
          <span className="entry-kind entry-kind-comment">Withdrawn comment</span>{' '}
          <time dateTime={entry.createdAt}>{formatDayTime(entry.createdAt)}</time>
        </p>
        <p>
          Withdrawn by the author (<bdi>{author}</bdi>) on{' '}
          <time dateTime={entry.withdrawnAt}>{formatDay(entry.withdrawnAt)}</time>.
          {place ? (
            <>
              {' '}
              It was filed under <bdi>{place}</bdi>.
            </>
          ) : null}
        </p>
      </article>
    </li>
  );
}
