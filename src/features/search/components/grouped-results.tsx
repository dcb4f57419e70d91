/**
 * Results grouped by the person they are about, each group under the
 * person's name (the roster's, else the answer's), groups in the order of
 * their first result (the best, or the newest). Each result says its kind,
 * who wrote it and when (where known), shows its text with the found words
 * marked, and leads to that entry in the person's record.
 */
import { Link } from 'react-router-dom';
import type { RosterNames } from '../../../components/roster-fields';
import { WrittenLine } from '../../../components/written-line';
import { type Found, recordPathOf } from '../api/found';
import { MarkedText } from './marked-text';

export interface ResultGroup {
  readonly userId: string;
  readonly name: string;
  readonly results: readonly Found[];
}

export function groupByPerson(results: readonly Found[], names: RosterNames): ResultGroup[] {
  const groups = new Map<string, { name: string; results: Found[] }>();
  for (const found of results) {
    let group = groups.get(found.userId);
    if (!group) {
      const name =
        names.users.get(found.userId) ??
        (found.student ? `${found.student.firstName} ${found.student.lastName}` : 'Someone not in your classes');
      group = { name, results: [] };
      groups.set(found.userId, group);
    }
    group.results.push(found);
  }
  return [...groups].map(([userId, group]) => ({ userId, ...group }));
}

function writer(found: Found, selfId: string): string | undefined {
  if (!found.author) return undefined;
  return found.author.userId === selfId ? 'you' : `${found.author.firstName} ${found.author.lastName}`;
}

function ResultCard({
  found,
  name,
  selfId,
}: {
  readonly found: Found;
  readonly name: string;
  readonly selfId: string;
}) {
  const kind = found.kind === 'comment' ? 'Comment' : 'Note';
  return (
    <li className="card search-result">
      <article aria-label={`${kind} about ${name}`}>
        <p className="entry-top">
          <span className={`entry-kind entry-kind-${found.kind}`}>{kind}</span>
        </p>
        <WrittenLine by={writer(found, selfId)} at={found.createdAt ?? undefined} />
        <p className="user-text" dir="auto">
          <MarkedText text={found.text} matches={found.matches} />
        </p>
        <p className="search-result-link">
          <Link to={recordPathOf(found)}>
            Open this {found.kind} in <bdi>{name}</bdi>’s record
          </Link>
        </p>
      </article>
    </li>
  );
}

export function GroupedResults({
  groups,
  selfId,
}: {
  readonly groups: readonly ResultGroup[];
  readonly selfId: string;
}) {
  return (
    <div className="search-groups">
      {groups.map((group) => (
        <section key={group.userId} className="search-group" aria-labelledby={`search-group-${group.userId}`}>
          <h3 id={`search-group-${group.userId}`}>
            <bdi>{group.name}</bdi>{' '}
            <span className="count">
              ({group.results.length} {group.results.length === 1 ? 'result' : 'results'})
            </span>
          </h3>
          <ol className="card-list">
            {group.results.map((found) => (
              <ResultCard key={`${found.kind}:${found.id}`} found={found} name={group.name} selfId={selfId} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
