/**
 * The planner's last step: the candidates the plugin found, to shortlist and
 * fill the positions' slots with, and the plan to download or print.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch, RefObject } from 'react';
import { ErrorState, Skeleton } from '../../../components/states';
import { studentPath } from '../../../components/student-link';
import { csvText } from '../../../lib/export/csv';
import { downloadCsv } from '../../../lib/export/download-text';
import { missionPlannerQueries } from '../api/mission-planner-queries';
import type { PlanNames } from '../api/plan-names';
import { planFileName, planRows } from '../plan-export';
import type { PlannerAction, PlannerState } from '../planner-model';
import type { PlannerSearches } from '../use-planner-searches';
import { CandidateResults, type PlanPicks } from './candidate-results';

export function CandidatesStep({
  state,
  dispatch,
  searches,
  names,
  headingRef,
}: {
  readonly state: PlannerState;
  readonly dispatch: Dispatch<PlannerAction>;
  readonly searches: PlannerSearches;
  readonly names: PlanNames;
  /** Focused when the step is entered. */
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { candidates, searchCandidates } = searches;
  const { results } = state;

  const picks: PlanPicks = {
    shortlist: state.shortlist,
    slots: state.slots,
    onShortlist: (position, id) => dispatch({ type: 'shortlistToggled', position, userId: id }),
    onAssign: (position, id) => dispatch({ type: 'slotAssigned', position, userId: id }),
    onUnassign: (position, id) => dispatch({ type: 'slotCleared', position, userId: id }),
  };

  const exportCsv = () => {
    if (!results) return;
    const rows = planRows({
      asked: state.asked,
      afscs: state.positions.map((p) => p.afsc),
      results,
      shortlist: state.shortlist,
      slots: state.slots,
      names,
      recordUrl: (id) => new URL(studentPath(id), window.location.origin).href,
    });
    downloadCsv(planFileName(new Date()), csvText(rows));
  };

  return (
    <section aria-labelledby="results-heading" className="section">
      <div className="section-head planner-results-head">
        <h2 id="results-heading" ref={headingRef} tabIndex={-1}>
          Candidates
        </h2>
        {results && !candidates.isPending ? (
          <div className="actions planner-plan-actions">
            <button type="button" className="button button-secondary" onClick={exportCsv}>
              Download the plan (CSV)
            </button>
            <button type="button" className="button button-secondary" onClick={() => window.print()}>
              Print plan
            </button>
          </div>
        ) : null}
      </div>
      {candidates.isPending ? (
        <Skeleton label="the candidates" rows={4} />
      ) : candidates.isError ? (
        <ErrorState error={candidates.error} what="the candidates" onRetry={() => void searchCandidates()} />
      ) : results ? (
        <>
          {names.failed ? <NamesFailed /> : null}
          <CandidateResults
            results={results}
            asked={state.asked}
            afscs={state.positions.map((p) => p.afsc)}
            names={names}
            picks={picks}
          />
        </>
      ) : (
        <p className="muted">Candidates appear here after a search.</p>
      )}
    </section>
  );
}

/** Without names the plan is still the plan: said beside it, with a way to ask again. */
function NamesFailed() {
  const queryClient = useQueryClient();
  return (
    <div className="callout callout-info" role="status">
      <p>Some names could not be loaded, so those people, courses or objectives are shown without them.</p>
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={() => void queryClient.invalidateQueries({ queryKey: [...missionPlannerQueries.all(), 'names'] })}
      >
        Load the names again
      </button>
    </div>
  );
}
