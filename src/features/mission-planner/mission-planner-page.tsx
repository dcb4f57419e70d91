/**
 * Mission planner: describe positions, let a plugin derive their
 * competencies, adjust the requirements, read the ready and trainable
 * candidates with their training gaps, shortlist them and fill each
 * position's slots, then export or print the plan. The plan is kept per user
 * when the page is left, by the service where it can (use-kept-planner.ts); the chosen plugin is also in
 * the URL, so a link opens the planner on it.
 */
import { useQuery } from '@tanstack/react-query';
import './mission-planner.css';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { TrainersOnly } from '../../components/trainers-only';
import { useSignedInSession } from '../../lib/session/use-session';
import { useSearchFilters } from '../../lib/url/use-search-filters';
import { missionPlannerQueries } from './api/mission-planner-queries';
import { usePlanNames } from './api/plan-names';
import { CandidatesStep } from './components/candidates-step';
import { OnThisPlatform } from './components/on-this-platform';
import { PlanKeepingNote } from './components/plan-keeping-note';
import { PlanSheet } from './components/plan-sheet';
import { PositionsStep } from './components/positions-step';
import { RequirementsStep } from './components/requirements-step';
import { useFocusOnStep } from './use-focus-on-step';
import { useKeptPlanner } from './use-kept-planner';
import { usePlannerSearches } from './use-planner-searches';

const urlKeys = ['plugin'] as const;

export default function MissionPlannerPage() {
  return (
    <TrainersOnly what="The mission planner">
      <OnThisPlatform>
        <MissionPlanner />
      </OnThisPlatform>
    </TrainersOnly>
  );
}

function MissionPlanner() {
  const { userId } = useSignedInSession();
  const plugins = useQuery(missionPlannerQueries.plugins());
  const [{ plugin: pluginParam }, setUrl] = useSearchFilters(urlKeys);
  const [state, dispatch, keeping] = useKeptPlanner(userId);
  const { results } = state;
  const names = usePlanNames(state.pluginId, results);
  const requirementsHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [confirmingNewPlan, setConfirmingNewPlan] = useState(false);

  const offered = plugins.data ?? [];
  const pluginId = offered.some((p) => p.pluginId === state.pluginId) ? state.pluginId : '';
  const pluginName = offered.find((p) => p.pluginId === state.pluginId)?.name ?? 'the plugin';
  const searches = usePlannerSearches(state, dispatch, pluginId);

  // A link that names a plugin opens the planner on it; without one, the kept plan's plugin stays.
  useEffect(() => {
    if (pluginParam && pluginParam !== state.pluginId) dispatch({ type: 'pluginChanged', pluginId: pluginParam });
  }, [pluginParam, state.pluginId, dispatch]);

  // Focus follows the person into a step just entered, never on an edit within one.
  useFocusOnStep(state.requirementsEntered, requirementsHeading);
  useFocusOnStep(state.resultsEntered, resultsHeading);

  return (
    <div className="page planner-page">
      <title>Mission planner · Trainer dashboard</title>
      <PageHeading intro="Describe the positions you need to fill; an AI plugin suggests the competencies and finds people who are ready, or who training would make ready.">
        Mission planner
      </PageHeading>
      <PlanKeepingNote keeping={keeping} />
      <div className="page-grid">
        <div className="page-side">
          <PositionsStep
            plugins={plugins}
            pluginId={pluginId}
            state={state}
            dispatch={dispatch}
            searches={searches}
            onPluginChosen={(next) => setUrl({ plugin: next })}
            onNewPlan={() => setConfirmingNewPlan(true)}
          />
        </div>
        <div className="page-main">
          <RequirementsStep state={state} dispatch={dispatch} searches={searches} headingRef={requirementsHeading} />
          <CandidatesStep
            state={state}
            dispatch={dispatch}
            searches={searches}
            names={names}
            headingRef={resultsHeading}
          />
        </div>
      </div>
      {results ? (
        <PlanSheet
          pluginName={pluginName}
          asked={state.asked}
          afscs={state.positions.map((p) => p.afsc)}
          results={results}
          shortlist={state.shortlist}
          slots={state.slots}
          names={names}
          printedOn={new Date()}
        />
      ) : null}
      <ConfirmDialog
        open={confirmingNewPlan}
        title="Start a new plan?"
        confirmLabel="Start a new plan"
        onConfirm={() => {
          setConfirmingNewPlan(false);
          searches.forgetSearches();
          dispatch({ type: 'planCleared' });
        }}
        onCancel={() => setConfirmingNewPlan(false)}
      >
        <p>
          The positions, requirements, candidates, shortlists and slots of this plan are removed
          {keeping.where === 'service' ? ' from every device you sign in on' : ' from this device'}.
        </p>
      </ConfirmDialog>
    </div>
  );
}
