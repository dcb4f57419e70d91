/**
 * Under a comment or note form: who will be able to read what is being
 * written, asked of the service for exactly what the form holds now, where
 * the service tells (the audience extension; elsewhere nothing is said). The
 * line keeps its place while it updates, so the form does not move.
 */
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import type { Audience, AudienceQuery } from '../../contract/audience';
import { isApiError, isNetworkError } from '../lib/api/api-error';
import { audienceQueries } from '../lib/api/audience-queries';
import { OUTAGE_SAVE_LATER, plainMessage } from '../lib/api/describe-error';
import { extensions } from '../lib/api/extensions';

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/**
 * The audience in one sentence: "Visible to you and the trainers of X: A
 * (you), B." Names are bidi-isolated: an override in one turns nothing else.
 */
export function describeAudience(audience: Audience): ReactNode {
  const group = audience.classTrainers;
  if (!group) return 'Visible only to you.';
  const className = <bdi>{group.className}</bdi>;
  if (group.trainers.length === 0) {
    return <>Visible to you and the trainers of {className} (it has none now).</>;
  }
  return (
    <>
      Visible to you and the trainers of {className}:{' '}
      {group.trainers.map((trainer, index) => (
        <Fragment key={trainer.userId}>
          {index > 0 ? ', ' : null}
          <bdi>{fullName(trainer)}</bdi>
          {trainer.userId === audience.author.userId ? ' (you)' : null}
        </Fragment>
      ))}
      .
    </>
  );
}

/** Waits until typing pauses before asking (ids typed by hand change on every key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value`.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

export function AudienceNotice({
  query,
  waiting,
  id,
  students = 1,
}: {
  /** What the form holds now; null until it names enough to tell (a class, a student). */
  readonly query: AudienceQuery | null;
  /** What to choose first, while `query` is null. */
  readonly waiting: string;
  /** For the form's aria-describedby. */
  readonly id: string;
  /** How many students get an entry of their own (all in the class `query` names): the notice speaks for each. */
  readonly students?: number;
}) {
  const settled = useSettled(query, 250);
  const offered = useSyncExternalStore(extensions.subscribe, () => extensions.offered('audience'));
  const audience = useQuery({
    ...audienceQueries.of(settled ?? { kind: 'note' }),
    enabled: settled !== null && offered,
    // The notice says what failed in its own words; a failure of this one line never replaces the form.
    throwOnError: false,
  });
  // The platform does not tell who reads what: the form says nothing rather than guess.
  if (!offered || audience.data === null) return <p className="audience" id={id} hidden />;
  let text: ReactNode;
  if (query === null) text = waiting;
  else if (audience.isError) {
    const error = audience.error;
    // Saving goes to the same service: while it cannot be reached, nothing can be saved either.
    if (isNetworkError(error))
      text = `Could not find out who will be able to read it: the service cannot be reached. ${OUTAGE_SAVE_LATER}`;
    else if (isApiError(error) && error.status >= 400 && error.status < 500) {
      const said = plainMessage(error.message);
      text = said ? `Not known for this choice: ${said.replace(/\.$/, '')}.` : 'Not known for this choice.';
    } else text = 'Could not find out who will be able to read it just now. Your text is kept in this browser.';
  } else if (audience.data && settled !== null) {
    // The service's read rule (author and the class's trainers) leaves out the person a note is about.
    const student = settled.kind === 'note' && 'studentId' in settled && settled.studentId;
    text = (
      <>
        {describeAudience(audience.data)}
        {students > 1 ? ` The same for each of the ${students} students, all in this class.` : null}
        {student
          ? students > 1
            ? ' None of the students sees it.'
            : ' The student it is about does not see it.'
          : null}
      </>
    );
  } else text = 'Finding out who will be able to read it…';
  return (
    <p className="audience" id={id} aria-live="polite">
      <span className="audience-label">Who will see it: </span>
      {text}
    </p>
  );
}
