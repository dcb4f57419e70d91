/**
 * The entry a link into a record names (`/students/:userId#comment-<id>` or
 * `#note-<id>`, as the search's results link): its key in the record's list
 * (see entryKey), which the list brings on screen and focuses, showing as
 * many of its pages as it takes. Undefined when the address names none.
 */
import { useLocation } from 'react-router-dom';

export function useEntryTarget(): string | undefined {
  const { hash } = useLocation();
  const match = /^#(comment|note)-(.+)$/.exec(hash);
  if (!match?.[2]) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[2]);
  } catch {
    return undefined;
  }
  return `${match[1] === 'comment' ? 'c' : 'n'}:${id}`;
}
