/**
 * Step 3: each plugin's answer, position by position. A position opens with
 * its summary ("3 needed · 4 ready · 9 trainable"), its slots and its
 * shortlist; the ready and trainable candidates (one word each, in the
 * summary and the headings alike) are folded under it, each with a link to
 * their record when they are in the trainer's classes (else marked "not in
 * your classes", never a link to a record that cannot be shown), a flag when
 * their AFSC is not the position's, what the plugin answered per competency
 * (ready) or their training gaps and the courses and objectives that close
 * them (trainable; by name, the ids behind a toggle), and the plugin's reason
 * as a list. Failures and warnings are shown, never hidden.
 */
import type {
  Candidate,
  CandidatePosition,
  PlannerCandidatesResult,
  RequiredCompetency,
} from '../../../../contract/mission-planner';
import { EmptyState } from '../../../components/states';
import { StudentLink } from '../../../components/student-link';
import { afscFlag } from '../afsc-match';
import type { PlanNames } from '../api/plan-names';
import { levelLabel, slotHolder } from '../planner-model';
import { competencyLines, reasonLines } from '../reason-lines';
import { PluginFailureNotice } from './plugin-failure';
import { PluginWarnings } from './plugin-warnings';

/** What a trainer does with a candidate of one position. */
export interface PlanPicks {
  readonly shortlist: readonly (readonly string[])[];
  readonly slots: readonly (readonly string[])[];
  readonly onShortlist: (position: number, userId: string) => void;
  readonly onAssign: (position: number, userId: string) => void;
  readonly onUnassign: (position: number, userId: string) => void;
}

interface PositionContext {
  readonly index: number;
  readonly asked: CandidatePosition | undefined;
  /** The AFSC the position names ('' for none), to flag candidates of another specialty. */
  readonly afsc: string;
  readonly competencies: ReadonlyMap<string, RequiredCompetency>;
  readonly names: PlanNames;
  readonly picks: PlanPicks;
  /** Titles of every position asked, to say where else someone holds a slot. */
  readonly titles: readonly string[];
}

/** A person's name as shown, or what stands in for it while it is asked for or when it cannot be had. */
export function shownName(names: PlanNames, userId: string): string {
  const name = names.person(userId)?.displayName;
  if (name) return name;
  return names.pending ? 'Loading the name…' : 'A person whose name is not available';
}

/** What stands between "Ready" and "Trainable", said the same way everywhere. */
export const groupWords = { ready: 'ready', trainable: 'trainable' } as const;

/**
 * A candidate's name: a link to their record when they are a student of the
 * trainer's classes (the record shows no one else), else the name and a mark
 * that says why there is no link.
 */
export function CandidateName({ userId, names }: { readonly userId: string; readonly names: PlanNames }) {
  const person = names.person(userId);
  const name = shownName(names, userId);
  if (person?.inYourClasses) return <StudentLink userId={userId} name={name} />;
  return (
    <>
      <bdi>{name}</bdi>
      {person ? <span className="planner-outside"> · not in your classes</span> : null}
    </>
  );
}

/** Ready: every competency asked, its levels and what the plugin answered. */
function CompetencyAnswers({
  candidate,
  context,
}: {
  readonly candidate: Candidate;
  readonly context: PositionContext;
}) {
  const lines = competencyLines(context.asked?.competencies ?? [], candidate.trainingGap);
  if (lines.length === 0) return null;
  return (
    <>
      <p className="planner-gap-title">Competencies ({lines.length})</p>
      <ul className="planner-gaps" aria-label="Competencies">
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the competencies of one position, in the order asked.
          <li key={index}>
            <strong>{line.title}</strong>: required {line.required}, preferred {line.preferred}; the plugin answered{' '}
            {line.answered}
          </li>
        ))}
      </ul>
    </>
  );
}

function ActionNames({
  ids,
  name,
  pending,
}: {
  readonly ids: readonly string[];
  readonly name: (id: string) => string | undefined;
  readonly pending: boolean;
}) {
  const shown = ids.map((id) => name(id));
  const known = shown.filter((n): n is string => n !== undefined);
  const missing = shown.length - known.length;
  const rest = missing === 0 ? '' : pending ? `${missing} loading…` : `${missing} not named in the catalogue`;
  return <>{[...known, rest].filter(Boolean).join(', ')}</>;
}

function Gaps({ candidate, context }: { readonly candidate: Candidate; readonly context: PositionContext }) {
  const { names } = context;
  if (candidate.trainingGap.length === 0) {
    return <p>No training gap: at the preferred level in every competency.</p>;
  }
  return (
    <>
      <p className="planner-gap-title">Training gaps ({candidate.trainingGap.length})</p>
      <ul className="planner-gaps">
        {candidate.trainingGap.map((gap) => {
          const competency = context.competencies.get(gap.competencyId);
          const title = competency?.title ?? gap.competencyId;
          return (
            <li key={gap.competencyId}>
              <strong>{title}</strong>
              {gap.currentLevel !== undefined ? (
                <span>
                  {' '}
                  — now {levelLabel(gap.currentLevel)}
                  {competency ? `, preferred ${competency.preferredRequirement}` : ''}
                </span>
              ) : null}
              {gap.recommendedAction.length === 0 ? (
                <p className="muted">No course or objective on the platform covers it.</p>
              ) : (
                <ul>
                  {gap.recommendedAction.map((action) => (
                    <li key={action.type}>
                      {action.type === 'course' ? 'Courses' : 'Objectives'}:{' '}
                      <ActionNames
                        ids={action.objectIds}
                        name={action.type === 'course' ? names.course : names.objective}
                        pending={names.pending}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** The ids behind a card, for an administrator or a bug report; folded, since a trainer reads names. */
function CardIds({ candidate }: { readonly candidate: Candidate }) {
  const ids = (type: 'course' | 'objective') => [
    ...new Set(
      candidate.trainingGap.flatMap((gap) =>
        gap.recommendedAction.filter((a) => a.type === type).flatMap((a) => a.objectIds),
      ),
    ),
  ];
  const courses = ids('course');
  const objectives = ids('objective');
  return (
    <details className="planner-ids">
      <summary>Ids</summary>
      <dl>
        <dt>User id</dt>
        <dd>
          <code>{candidate.candidateId}</code>
        </dd>
        {courses.length > 0 ? (
          <>
            <dt>Course ids</dt>
            <dd>
              <code>{courses.join(', ')}</code>
            </dd>
          </>
        ) : null}
        {objectives.length > 0 ? (
          <>
            <dt>Objective ids</dt>
            <dd>
              <code>{objectives.join(', ')}</code>
            </dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

function PickButtons({
  userId,
  name,
  context,
}: {
  readonly userId: string;
  readonly name: string;
  readonly context: PositionContext;
}) {
  const { index, picks } = context;
  const shortlisted = (picks.shortlist[index] ?? []).includes(userId);
  const held = picks.slots[index] ?? [];
  const slot = held.indexOf(userId);
  const elsewhere = slotHolder(picks.slots, userId);
  const full = held.length >= (context.asked?.count ?? 0);
  return (
    <div className="planner-pick">
      <button
        type="button"
        className="button button-secondary button-small"
        aria-pressed={shortlisted}
        aria-label={`Shortlist ${name}`}
        onClick={() => picks.onShortlist(index, userId)}
      >
        Shortlist
      </button>
      {slot !== -1 ? (
        <button
          type="button"
          className="button button-secondary button-small"
          aria-label={`Remove from slot ${slot + 1} (${name})`}
          onClick={() => picks.onUnassign(index, userId)}
        >
          Remove from slot {slot + 1}
        </button>
      ) : elsewhere !== undefined ? (
        <span className="muted">In a slot of {context.titles[elsewhere] ?? 'another position'}</span>
      ) : full ? (
        <span className="muted">Every slot is filled</span>
      ) : (
        <button
          type="button"
          className="button button-small"
          aria-label={`Assign to a slot (${name})`}
          onClick={() => picks.onAssign(index, userId)}
        >
          Assign to a slot
        </button>
      )}
    </div>
  );
}

function CandidateCard({
  candidate,
  context,
  ready,
}: {
  readonly candidate: Candidate;
  readonly context: PositionContext;
  readonly ready: boolean;
}) {
  const person = context.names.person(candidate.candidateId);
  const name = shownName(context.names, candidate.candidateId);
  const reasons = candidate.reason ? reasonLines(candidate.reason) : [];
  const flag = afscFlag(context.afsc, person);
  return (
    <li>
      <article className="card" aria-label={name}>
        <h5 className="card-title">
          <CandidateName userId={candidate.candidateId} names={context.names} />
        </h5>
        {person ? (
          <p className="muted">
            AFSC {person.afsc || 'not recorded'}
            {person.dutyTitle ? (
              <>
                {' · '}
                <bdi>{person.dutyTitle}</bdi>
              </>
            ) : null}
          </p>
        ) : null}
        {flag ? <p className="planner-flag">{flag}</p> : null}
        <PickButtons userId={candidate.candidateId} name={name} context={context} />
        {reasons.length > 0 ? (
          <details className="planner-reason">
            <summary>Why the plugin placed them here</summary>
            <ul dir="auto">
              {reasons.map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one reason, in the plugin's order.
                <li key={index}>{line}</li>
              ))}
            </ul>
          </details>
        ) : null}
        {ready ? (
          <CompetencyAnswers candidate={candidate} context={context} />
        ) : (
          <Gaps candidate={candidate} context={context} />
        )}
        <CardIds candidate={candidate} />
      </article>
    </li>
  );
}

function CandidateList({
  title,
  candidates,
  empty,
  context,
  ready,
}: {
  readonly title: string;
  readonly candidates: readonly Candidate[];
  readonly empty: string;
  readonly context: PositionContext;
  readonly ready: boolean;
}) {
  return (
    <section aria-label={title} className="planner-candidates">
      {candidates.length === 0 ? (
        <>
          <h4>
            {title} <span className="count">(0)</span>
          </h4>
          <p className="muted">{empty}</p>
        </>
      ) : (
        <details className="planner-fold">
          <summary>
            <h4>
              {title} <span className="count">({candidates.length})</span>
            </h4>
          </summary>
          <ol className="card-list">
            {candidates.map((candidate) => (
              <CandidateCard key={candidate.candidateId} candidate={candidate} context={context} ready={ready} />
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** The people picked for a position (slots or shortlist), by name, each with what can be undone. */
function PickedPeople({
  title,
  userIds,
  empty,
  context,
  slots,
}: {
  readonly title: string;
  readonly userIds: readonly string[];
  readonly empty: string;
  readonly context: PositionContext;
  readonly slots: boolean;
}) {
  const headingId = `plan-${context.index}-${slots ? 'slots' : 'shortlist'}`;
  const open = (context.asked?.count ?? 0) - userIds.length;
  return (
    <section aria-labelledby={headingId} className="planner-picked">
      <h4 id={headingId}>{title}</h4>
      {userIds.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="planner-picked-list">
          {userIds.map((userId, index) => {
            const name = shownName(context.names, userId);
            return (
              <li key={userId}>
                {slots ? <span className="planner-slot-number">Slot {index + 1}: </span> : null}
                <CandidateName userId={userId} names={context.names} />
                {slots ? (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-label={`Remove from slot ${index + 1} (${name})`}
                    onClick={() => context.picks.onUnassign(context.index, userId)}
                  >
                    Remove from slot {index + 1}
                  </button>
                ) : (context.picks.slots[context.index] ?? []).includes(userId) ? (
                  <span className="muted"> in a slot</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
      {slots && open > 0 && userIds.length > 0 ? (
        <p className="muted">
          {open} open slot{open === 1 ? '' : 's'}
        </p>
      ) : null}
    </section>
  );
}

/** "3 needed · 4 ready · 9 trainable": a position at a glance. */
export function positionSummary(needed: number, ready: number, trainable: number): string {
  return `${needed} needed · ${ready} ${groupWords.ready} · ${trainable} ${groupWords.trainable}`;
}

interface CandidateResultsProps {
  readonly results: readonly PlannerCandidatesResult[];
  /** What was asked, for competency titles, preferred levels and the number needed. */
  readonly asked: readonly CandidatePosition[];
  /** The AFSC each position asked names, by the position's index ('' for none). */
  readonly afscs: readonly string[];
  readonly names: PlanNames;
  readonly picks: PlanPicks;
}

export function CandidateResults({ results, asked, afscs, names, picks }: CandidateResultsProps) {
  if (results.length === 0) {
    return (
      <EmptyState title="No plugin answered">
        <p>No plugin is offered for mission planner search any more. Reload the page to see the plugins offered now.</p>
      </EmptyState>
    );
  }
  const titles = asked.map((position) => position.title);
  return (
    <>
      {results.map((result) => {
        if (result.status === 'failed') {
          return <PluginFailureNotice key={result.pluginId} name={result.name} failure={result.failure} />;
        }
        return (
          <div key={result.pluginId} className="planner-result">
            <PluginWarnings name={result.name} warnings={result.warnings} />
            {result.candidates.positions.map((position, index) => {
              const context: PositionContext = {
                index,
                asked: asked[index],
                afsc: afscs[index] ?? '',
                competencies: new Map((asked[index]?.competencies ?? []).map((c) => [c.competencyId, c])),
                names,
                picks,
                titles,
              };
              const needed = asked[index]?.count ?? 0;
              const slots = picks.slots[index] ?? [];
              const shortlist = picks.shortlist[index] ?? [];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the answer's positions follow the request's order.
                <section key={index} aria-labelledby={`result-${index}`} className="panel planner-position-plan">
                  <h3 id={`result-${index}`}>{position.title}</h3>
                  <p className="planner-summary">
                    {positionSummary(needed, position.readyCandidates.length, position.recommendedCandidates.length)}
                  </p>
                  <p className="muted planner-summary-picks">
                    {slots.length} of {needed} slot{needed === 1 ? '' : 's'} filled · {shortlist.length} shortlisted
                  </p>
                  <PickedPeople
                    title="Slots"
                    userIds={slots}
                    empty={`No one is in a slot yet: open the candidates and assign ${needed === 1 ? 'someone' : 'people'}.`}
                    context={context}
                    slots
                  />
                  <PickedPeople
                    title="Shortlist"
                    userIds={shortlist}
                    empty="No one is shortlisted yet."
                    context={context}
                    slots={false}
                  />
                  <CandidateList
                    title="Ready candidates"
                    candidates={position.readyCandidates}
                    empty="Nobody meets every minimum yet."
                    context={context}
                    ready
                  />
                  <CandidateList
                    title="Trainable candidates"
                    candidates={position.recommendedCandidates}
                    empty="Nobody is close enough for training to close the gap."
                    context={context}
                    ready={false}
                  />
                </section>
              );
            })}
          </div>
        );
      })}
    </>
  );
}
