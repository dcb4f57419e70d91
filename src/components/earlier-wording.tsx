/**
 * The earlier wordings of a corrected comment or note, one click away: a
 * disclosure that loads them when first opened (nothing is read for an entry
 * nobody looks into), newest first, each as text with when it was written and
 * replaced. Offered only for an entry that says it was edited.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { VersionsQuery } from '../lib/api/correction-queries';
import { describeError } from '../lib/api/describe-error';
import { formatDayTime } from '../lib/format/plain-format';

/** `versions`: the entry's query (correctionQueries.ofComment, or the notes feature's noteVersions). */
export function EarlierWording({ versions: query }: { readonly versions: VersionsQuery }) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const versions = useQuery({ ...query, enabled: open });
  return (
    <details className="earlier-wording" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary id={headingId}>Earlier wording</summary>
      <div aria-live="polite" aria-busy={versions.isFetching}>
        {!open ? null : versions.isPending ? (
          <p>Loading the earlier wording…</p>
        ) : versions.isError ? (
          <p role="alert">
            {(() => {
              const { title, detail } = describeError(versions.error, 'the earlier wording');
              return `${title}. ${detail}`;
            })()} <button type="button" className="button button-secondary" onClick={() => void versions.refetch()}>
              Try again
            </button>
          </p>
        ) : versions.data === null ? (
          <p>This platform does not keep earlier wordings.</p>
        ) : versions.data.length === 0 ? (
          <p>No earlier wording is kept.</p>
        ) : (
          <ol className="versions" aria-labelledby={headingId}>
            {versions.data.map((version) => (
              <li key={version.replacedAt + version.writtenAt}>
                <p className="entry-written">
                  Written <time dateTime={version.writtenAt}>{formatDayTime(version.writtenAt)}</time>, replaced{' '}
                  <time dateTime={version.replacedAt}>{formatDayTime(version.replacedAt)}</time>
                </p>
                <p className="user-text" dir="auto">
                  {version.text}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </details>
  );
}
