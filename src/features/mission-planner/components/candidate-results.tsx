/**
 * Step 3: each plugin's answer. Per position, the ready and the recommended
 * candidates, each with their training gaps and the courses and objectives
 * that close them; failures and warnings are shown, never hidden.
 */
import type {
  Candidate,
  CandidatePerson,
  PlannerCandidatesResult,
  RequiredCompetency,
} from '../../../../contract/mission-planner';
import { EmptyState } from '../../../components/states';
import { levelLabel } from '../planner-model';
import { PluginFailureNotice } from './plugin-failure';
import { PluginWarnings } from './plugin-warnings';

interface Context {
  readonly people: ReadonlyMap<string, CandidatePerson>;
  readonly competencies: ReadonlyMap<string, RequiredCompetency>;
}

function CandidateCard({ candidate, context }: { readonly candidate: Candidate; readonly context: Context }) {
  const person = context.people.get(candidate.candidateId);
  const name = person?.displayName ?? candidate.candidateId;
  return (
    <li>
      <article className="card" aria-label={name}>
        <h5 className="card-title">
          <bdi>{name}</bdi>
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
        {candidate.reason ? (
          <details className="planner-reason">
            <summary>Why the plugin placed them here</summary>
            <p dir="auto">{candidate.reason}</p>
          </details>
        ) : null}
        {candidate.trainingGap.length === 0 ? (
          <p>No training gap: at the preferred level in every competency.</p>
        ) : (
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
                            {action.type === 'course' ? 'Courses' : 'Objectives'}: {action.objectIds.join(', ')}
                          </li>
                        ))}
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </article>
    </li>
  );
}

function CandidateList({
  title,
  candidates,
  empty,
  context,
}: {
  readonly title: string;
  readonly candidates: readonly Candidate[];
  readonly empty: string;
  readonly context: Context;
}) {
  return (
    <section aria-label={title} className="planner-candidates">
      <h4>
        {title} <span className="count">({candidates.length})</span>
      </h4>
      {candidates.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ol className="card-list">
          {candidates.map((candidate) => (
            <CandidateCard key={candidate.candidateId} candidate={candidate} context={context} />
          ))}
        </ol>
      )}
    </section>
  );
}

interface CandidateResultsProps {
  readonly results: readonly PlannerCandidatesResult[];
  /** What was asked, for competency titles and preferred levels. */
  readonly asked: readonly { readonly title: string; readonly competencies: readonly RequiredCompetency[] }[];
}

export function CandidateResults({ results, asked }: CandidateResultsProps) {
  if (results.length === 0) {
    return (
      <EmptyState title="No plugin answered">
        <p>No plugin is offered for mission planner search any more. Reload the page to see the plugins offered now.</p>
      </EmptyState>
    );
  }
  return (
    <>
      {results.map((result) => {
        if (result.status === 'failed') {
          return <PluginFailureNotice key={result.pluginId} name={result.name} failure={result.failure} />;
        }
        const people = new Map(result.people.map((p) => [p.userId, p]));
        return (
          <div key={result.pluginId} className="planner-result">
            <PluginWarnings name={result.name} warnings={result.warnings} />
            {result.candidates.positions.map((position, index) => {
              const competencies = new Map((asked[index]?.competencies ?? []).map((c) => [c.competencyId, c]));
              const context = { people, competencies };
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the answer's positions follow the request's order.
                <section key={index} aria-labelledby={`result-${index}`} className="panel">
                  <h3 id={`result-${index}`}>{position.title}</h3>
                  <CandidateList
                    title="Ready candidates"
                    candidates={position.readyCandidates}
                    empty="Nobody meets every minimum yet."
                    context={context}
                  />
                  <CandidateList
                    title="Recommended candidates"
                    candidates={position.recommendedCandidates}
                    empty="Nobody is close enough for training to close the gap."
                    context={context}
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
