/**
 * "Find a student" at the top of the classes page: one box across every
 * class the trainer trains, by name, handle or rank (case and accents
 * ignored, parts of words too), each student found once with their picture,
 * handle, rank and classes, their name a link to their record. Built from the
 * roster the page already read (the platform's own lists), so it asks the
 * service nothing and works without our extensions.
 *
 * What is typed lives in the address (`?find=`, replaced as one types rather
 * than added to history), so Back from a record returns to the same results.
 */
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ClassStudent } from '../../../../contract/roster';
import { EmptyState, LiveMessage } from '../../../components/states';
import { StudentIdentity } from '../../../components/student-identity';
import type { PlatformRoster } from '../../../lib/api/roster-queries';
import { byFoldedNames, foldText, matchesWords, queryWords } from '../../../lib/text/folded-match';
import './find-student.css';

export const FIND_PARAM = 'find';

interface Findable {
  readonly person: ClassStudent;
  readonly name: string;
  readonly rank: string;
  readonly classes: readonly string[];
  /** Name, handle and rank, folded once. */
  readonly haystack: string;
}

/** Each person once, with every class they are in, ordered by last name then first name. */
export function findables(roster: PlatformRoster): Findable[] {
  const byUser = new Map<string, { person: ClassStudent; classes: string[] }>();
  for (const klass of roster.classes) {
    for (const person of roster.members.get(klass.classId) ?? []) {
      const entry = byUser.get(person.userId) ?? { person, classes: [] };
      if (!entry.classes.includes(klass.className)) entry.classes.push(klass.className);
      byUser.set(person.userId, entry);
    }
  }
  const everyone = [...byUser.values()].map(({ person, classes }) => {
    const name = `${person.firstName} ${person.lastName}`.trim();
    const rank = person.displayRank || person.militaryGrade || person.civilianGrade || '';
    const grades = [person.displayRank, person.militaryGrade, person.civilianGrade].filter(Boolean).join(' ');
    return { person, name, rank, classes, haystack: foldText(`${name} ${person.handle} ${grades}`) };
  });
  return byFoldedNames(everyone, (f) => [f.person.lastName, f.person.firstName]);
}

function countSaid(count: number, typed: string): string {
  if (count === 0) return `No student in your classes matches “${typed}”.`;
  return `${count === 1 ? '1 student matches' : `${count} students match`} “${typed}”.`;
}

export function FindStudent({ roster }: { readonly roster: PlatformRoster }) {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(FIND_PARAM) ?? '';
  const [typed, setTyped] = useState(inAddress);
  // What this box last wrote: the address catches up a render later, and must not undo the newer keystrokes.
  const written = useRef(inAddress);
  useEffect(() => {
    if (inAddress !== written.current) {
      written.current = inAddress;
      setTyped(inAddress);
    }
  }, [inAddress]);
  const type = (text: string) => {
    setTyped(text);
    written.current = text.trim() ? text : '';
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (text.trim()) next.set(FIND_PARAM, text);
        else next.delete(FIND_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  // Made at the first search, not when the page first shows: a page nobody searches need not fold and sort
  // every name of every class in the render that puts the classes on screen.
  const everyone = useMemo(() => {
    let made: Findable[] | undefined;
    return () => {
      made ??= findables(roster);
      return made;
    };
  }, [roster]);
  const words = useMemo(() => queryWords(typed), [typed]);
  const found = useMemo(
    () => (words.length === 0 ? [] : everyone().filter((f) => matchesWords(f.haystack, words))),
    [everyone, words],
  );
  const id = useId();
  const resultsRef = useRef<HTMLUListElement>(null);
  // Enter takes the keyboard to the first student found; from there Tab goes through the rest.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    resultsRef.current?.querySelector<HTMLElement>('a')?.focus();
  };
  const shown = typed.trim();

  return (
    <div className="find-student">
      <search>
        <form onSubmit={submit}>
          <label htmlFor={`${id}-box`} className="find-student-label">
            Find a student
          </label>
          <p id={`${id}-hint`} className="field-hint">
            By name, handle or rank, across all your classes; part of a word is enough.
          </p>
          <input
            id={`${id}-box`}
            type="search"
            value={typed}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            aria-describedby={`${id}-hint`}
            onChange={(event) => type(event.target.value)}
          />
        </form>
      </search>
      <LiveMessage message={words.length > 0 ? countSaid(found.length, shown) : ''} />
      {words.length === 0 ? null : found.length === 0 ? (
        <EmptyState title={`No student in your classes matches “${shown}”`}>
          <p>Check the spelling, or try part of a name, a handle or a rank.</p>
        </EmptyState>
      ) : (
        <ul ref={resultsRef} className="find-student-results" aria-label="Students found">
          {found.map((f) => (
            <li key={f.person.userId} className="card find-student-result">
              <StudentIdentity
                userId={f.person.userId}
                name={f.name}
                handle={f.person.handle}
                pictureId={f.person.profilePic}
              >
                {f.rank ? <> · {f.rank}</> : null}
              </StudentIdentity>
              <p className="find-student-classes">
                {f.classes.length === 1 ? 'Class: ' : 'Classes: '}
                {f.classes.map((name, index) => (
                  <span key={name}>
                    {index > 0 ? ', ' : ''}
                    <bdi>{name}</bdi>
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
