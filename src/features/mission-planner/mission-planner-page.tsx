/**
 * Mission planner: describe positions, let a plugin derive their
 * competencies, adjust the requirements, read the ready and recommended
 * candidates with their training gaps, shortlist them and fill each
 * position's slots, then export or print the plan. The plan is kept per user
 * when the page is left (use-kept-planner.ts); the chosen plugin is also in
 * the URL, so a link opens the planner on it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import './mission-planner.css';
import { type ReactNode, type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, ErrorState, LiveMessage, Skeleton } from '../../components/states';
import { studentPath } from '../../components/student-link';
import { TrainersOnly } from '../../components/trainers-only';
import { extensions, isUnknownAddress } from '../../lib/api/extensions';
import { useSignedInSession } from '../../lib/session/use-session';
import { useSearchFilters } from '../../lib/url/use-search-filters';
import { missionPlannerQueries, useCandidatesSearch, useCapabilitiesSearch } from './api/mission-planner-queries';
import { usePlanNames } from './api/plan-names';
import { CandidateResults, type PlanPicks } from './components/candidate-results';
import { PlanSheet } from './components/plan-sheet';
import { PluginFailureNotice } from './components/plugin-failure';
import { PluginWarnings } from './components/plugin-warnings';
import { PositionsForm } from './components/positions-form';
import { RequirementsForm } from './components/requirements-form';
import { csvText, downloadText, planFileName, planRows } from './plan-export';
import { validatePositions, validateRequirements } from './planner-model';
import { useKeptPlanner } from './use-kept-planner';

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

/**
 * The planner's routes are our extension: where the platform answers them as
 * unknown addresses, the page says the planner is not available here (and
 * does not ask again this session) instead of showing forms that cannot work.
 */
function OnThisPlatform({ children }: { readonly children: ReactNode }) {
  const offered = useSyncExternalStore(extensions.subscribe, () => extensions.offered('mission-planner'));
  const plugins = useQuery({ ...missionPlannerQueries.plugins(), enabled: offered });
  const absent = isUnknownAddress(plugins.error);
  useEffect(() => {
    if (absent) extensions.markAbsent('mission-planner');
  }, [absent]);
  if (offered && !absent) return children;
  return (
    <div className="page page-narrow">
      <title>Mission planner · Trainer dashboard</title>
      <PageHeading>Mission planner</PageHeading>
      <EmptyState title="The mission planner is not available on this platform">
        <p>
          The platform this dashboard is connected to does not offer mission planner searches. Your students’ comments
          and notes are all here.
        </p>
      </EmptyState>
    </div>
  );
}

/** Moves focus to `target` each time `count` changes after the first render: a step was entered. */
function useFocusOnStep(count: number, target: RefObject<HTMLElement | null>) {
  const seen = useRef(count);
  useEffect(() => {
    if (count === seen.current) return;
    seen.current = count;
    target.current?.focus();
  }, [count, target]);
}

function MissionPlanner() {
  const { userId } = useSignedInSession();
  const queryClient = useQueryClient();
  const plugins = useQuery(missionPlannerQueries.plugins());
  const [{ plugin: pluginParam }, setUrl] = useSearchFilters(urlKeys);
  const [state, dispatch] = useKeptPlanner(userId);
  const { positions, requirements, results } = state;
  const capabilities = useCapabilitiesSearch();
  const candidates = useCandidatesSearch();
  const names = usePlanNames(state.pluginId, results);
  const requirementsHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [confirmingNewPlan, setConfirmingNewPlan] = useState(false);

  const offered = plugins.data ?? [];
  const pluginId = offered.some((p) => p.pluginId === state.pluginId) ? state.pluginId : '';
  const pluginName = offered.find((p) => p.pluginId === state.pluginId)?.name ?? 'the plugin';
  const capabilityResult = capabilities.data?.results[0];

  // A link that names a plugin opens the planner on it; without one, the kept plan's plugin stays.
  useEffect(() => {
    if (pluginParam && pluginParam !== state.pluginId) dispatch({ type: 'pluginChanged', pluginId: pluginParam });
  }, [pluginParam, state.pluginId, dispatch]);

  // Focus follows the person into a step just entered, never on an edit within one.
  useFocusOnStep(state.requirementsEntered, requirementsHeading);
  useFocusOnStep(state.resultsEntered, resultsHeading);

  // The searches' answers were for the positions and plugin as they were.
  const forgetSearches = () => {
    capabilities.reset();
    candidates.reset();
  };

  const findCompetencies = async () => {
    const { positions: valid, errors } = validatePositions(positions);
    if (!valid || !pluginId) {
      dispatch({ type: 'positionsRefused', errors, pluginMissing: !pluginId });
      return;
    }
    dispatch({ type: 'competenciesAsked', errors });
    candidates.reset();
    try {
      const answer = await capabilities.mutateAsync({ pluginIds: [pluginId], positions: valid });
      dispatch({ type: 'competenciesAnswered', positions: valid, result: answer.results[0] });
    } catch (error) {
      dispatch({ type: 'competenciesFailed', error });
    }
  };

  const searchCandidates = async () => {
    if (!requirements) return;
    const { positions: valid, errors } = validateRequirements(requirements);
    if (!valid) {
      dispatch({ type: 'requirementsRefused', errors });
      return;
    }
    dispatch({ type: 'candidatesAsked', positions: valid, errors });
    try {
      const answer = await candidates.mutateAsync({ pluginIds: [pluginId], positions: valid });
      dispatch({ type: 'candidatesAnswered', results: answer.results });
    } catch (error) {
      dispatch({ type: 'candidatesFailed', error });
    }
  };

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
      results,
      shortlist: state.shortlist,
      slots: state.slots,
      names,
      recordUrl: (id) => new URL(studentPath(id), window.location.origin).href,
    });
    downloadText(planFileName(new Date()), csvText(rows), 'text/csv;charset=utf-8');
  };

  const competencyStep = capabilities.isPending ? (
    <Skeleton label="the competencies" rows={3} />
  ) : capabilities.isError ? (
    <ErrorState error={capabilities.error} what="the competencies" />
  ) : capabilityResult?.status === 'failed' ? (
    <PluginFailureNotice name={capabilityResult.name} failure={capabilityResult.failure} />
  ) : requirements ? (
    <>
      {capabilityResult?.status === 'ok' ? (
        <PluginWarnings name={capabilityResult.name} warnings={capabilityResult.warnings} />
      ) : null}
      <RequirementsForm
        requirements={requirements}
        errors={state.requirementErrors}
        onChange={(next) => dispatch({ type: 'requirementsChanged', requirements: next })}
        pending={candidates.isPending}
        onSubmit={() => void searchCandidates()}
        refusals={state.searchRefusals}
      />
    </>
  ) : (
    <p className="muted">Describe the positions and choose a plugin, then find their competencies.</p>
  );

  return (
    <div className="page planner-page">
      <title>Mission planner · Trainer dashboard</title>
      <PageHeading intro="Describe the positions you need to fill; an AI plugin suggests the competencies and finds people who are ready, or who training would make ready. Your plan is kept on this device until you start a new one.">
        Mission planner
      </PageHeading>
      <div className="page-grid">
        <div className="page-side">
          <section aria-labelledby="positions-heading" className="panel">
            <h2 id="positions-heading">Positions</h2>
            {plugins.isError ? (
              <ErrorState error={plugins.error} what="the plugins offered" onRetry={() => void plugins.refetch()} />
            ) : plugins.isSuccess && offered.length === 0 ? (
              <EmptyState title="No plugin is offered for mission planner search">
                <p>
                  An administrator must register an AI plugin, switch on its mission planner permission and set both of
                  its mission planner addresses.
                </p>
              </EmptyState>
            ) : (
              <PositionsForm
                positions={positions}
                errors={state.positionErrors}
                onChange={(next) => {
                  dispatch({ type: 'positionsChanged', positions: next });
                  forgetSearches();
                }}
                plugins={offered}
                pluginsLoading={plugins.isPending}
                pluginId={pluginId}
                pluginError={state.pluginError}
                onPluginChange={(next) => {
                  setUrl({ plugin: next });
                  dispatch({ type: 'pluginChanged', pluginId: next });
                  forgetSearches();
                }}
                pending={capabilities.isPending}
                onSubmit={() => void findCompetencies()}
                refusals={state.refusals}
              />
            )}
            <LiveMessage message={state.status.message} tone={state.status.tone} />
            <div className="actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setConfirmingNewPlan(true)}
                disabled={capabilities.isPending || candidates.isPending}
              >
                Start a new plan
              </button>
            </div>
          </section>
        </div>
        <div className="page-main">
          <section aria-labelledby="requirements-heading" className="panel">
            <h2 id="requirements-heading" ref={requirementsHeading} tabIndex={-1}>
              Requirements
            </h2>
            {competencyStep}
            <LiveMessage message={state.searchStatus.message} tone={state.searchStatus.tone} />
          </section>
          <section aria-labelledby="results-heading" className="section">
            <div className="section-head planner-results-head">
              <h2 id="results-heading" ref={resultsHeading} tabIndex={-1}>
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
                {names.failed ? (
                  <div className="callout callout-info" role="status">
                    <p>
                      Some names could not be loaded, so those people, courses or objectives are shown without them.
                    </p>
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() =>
                        void queryClient.invalidateQueries({ queryKey: [...missionPlannerQueries.all(), 'names'] })
                      }
                    >
                      Load the names again
                    </button>
                  </div>
                ) : null}
                <CandidateResults results={results} asked={state.asked} names={names} picks={picks} />
              </>
            ) : (
              <p className="muted">Candidates appear here after a search.</p>
            )}
          </section>
        </div>
      </div>
      {results ? (
        <PlanSheet
          pluginName={pluginName}
          asked={state.asked}
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
          forgetSearches();
          dispatch({ type: 'planCleared' });
        }}
        onCancel={() => setConfirmingNewPlan(false)}
      >
        <p>The positions, requirements, candidates, shortlists and slots of this plan are removed from this device.</p>
      </ConfirmDialog>
    </div>
  );
}
