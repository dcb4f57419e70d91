/**
 * A student at a glance, as the class page and the record's header show
 * them: rank or grade, AFSC and duty title where the platform's answer
 * carries them (our service's extension fields; the platform sends none, and
 * then nothing is said), and the counts and latest dates of comments and
 * notes about them.
 */
import type { ClassStudent } from '../../../../contract/roster';
import { formatCount, formatDay } from '../../../lib/format/plain-format';
import type { ActivitySummary, KindSummary } from '../activity-summary';

export interface WorkFacts {
  readonly rank?: string;
  readonly afsc?: string;
  readonly dutyTitle?: string;
}

/** The facts a person has, each only when present and not blank. */
export function workFactsOf(student: Partial<ClassStudent> | undefined): WorkFacts {
  const rank = student?.displayRank || student?.militaryGrade || student?.civilianGrade;
  const afsc = student?.organizationRoles?.afsc;
  const dutyTitle = student?.displayDutyTitle;
  return {
    ...(rank ? { rank } : {}),
    ...(afsc ? { afsc } : {}),
    ...(dutyTitle ? { dutyTitle } : {}),
  };
}

function KindLine({
  summary,
  one,
  many,
}: {
  readonly summary: KindSummary;
  readonly one: string;
  readonly many: string;
}) {
  if (summary.count === 0) return <>No {many} yet</>;
  return (
    <>
      {formatCount(summary.count)} {summary.count === 1 ? one : many}
      {summary.latest ? (
        <>
          , latest <time dateTime={summary.latest}>{formatDay(summary.latest)}</time>
        </>
      ) : null}
    </>
  );
}

/** One term of the description list, left out when the platform gave no value. */
function Fact({ term, value }: { readonly term: string; readonly value: string | undefined }) {
  if (!value) return null;
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Rank or grade, AFSC, duty title, comments and notes, as a description list; absent facts are left out. */
export function StudentSummary({
  facts,
  activity,
}: {
  readonly facts: WorkFacts;
  readonly activity: ActivitySummary | null;
}) {
  return (
    <dl className="student-summary">
      <Fact term="Rank or grade" value={facts.rank} />
      <Fact term="AFSC" value={facts.afsc} />
      <Fact term="Duty title" value={facts.dutyTitle} />
      {/* Shown while counting too, so the counts take their place without moving the page. */}
      <div>
        <dt>Comments</dt>
        <dd aria-busy={activity === null}>
          {activity ? <KindLine summary={activity.comments} one="comment" many="comments" /> : 'Counting…'}
        </dd>
      </div>
      <div>
        <dt>Notes</dt>
        <dd aria-busy={activity === null}>
          {activity ? <KindLine summary={activity.notes} one="note" many="notes" /> : 'Counting…'}
        </dd>
      </div>
    </dl>
  );
}
