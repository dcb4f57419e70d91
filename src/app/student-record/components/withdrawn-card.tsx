/**
 * A comment its author withdrew, as the record shows it to the comment's
 * readers: where it was and who withdrew it when, never its text (the
 * service erases it), so a record never changes silently.
 */
import type { RosterNames } from '../../../components/roster-fields';
import { formatDay, formatDayTime } from '../../../lib/format/plain-format';
import type { ShownEntry } from '../record-model';

export function WithdrawnCard({
  entry,
  names,
  selfId,
}: {
  readonly entry: Extract<ShownEntry, { kind: 'withdrawn' }>;
  readonly names: RosterNames;
  readonly selfId: string;
}) {
  const author = entry.author.userId === selfId ? 'you' : `${entry.author.firstName} ${entry.author.lastName}`;
  const lesson = entry.lesson ? names.lessons.get(entry.lesson) : undefined;
  const place = [names.classes.get(entry.class), lesson ?? names.courses.get(entry.course)].filter(Boolean).join(', ');
  return (
    <li className="card card-withdrawn">
      <article aria-label={`Comment withdrawn by ${author}`}>
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
