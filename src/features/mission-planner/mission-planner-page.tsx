/**
 * Mission planner: describe positions, let a plugin derive their
 * competencies, adjust the requirements, and read the ready and recommended
 * candidates with their training gaps. The chosen plugin is in the URL; the
 * answers (which name people) stay in memory only.
 */
import { useQuery } from '@tanstack/react-query';
import './mission-planner.css';
import { useEffect, useReducer, useRef } from 'react';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, ErrorState, LiveMessage, Skeleton } from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { useSearchFilters } from '../../lib/url/use-search-filters';
import { missionPlannerQueries, useCandidatesSearch, useCapabilitiesSearch } from './api/mission-planner-queries';
import { CandidateResults } from './components/candidate-results';
import { PluginFailureNotice } from './components/plugin-failure';
import { PluginWarnings } from './components/plugin-warnings';
import { PositionsForm } from './components/positions-form';
import { RequirementsForm } from './components/requirements-form';
import { initialPlannerState, plannerReducer, validatePositions, validateRequirements } from './planner-model';

const urlKeys = ['plugin'] as const;

export default function MissionPlannerPage() {
  return (
    <TrainersOnly what="The mission planner">
      <MissionPlanner />
    </TrainersOnly>
  );
}

function MissionPlanner() {
  const plugins = useQuery(missionPlannerQueries.plugins());
  const [{ plugin: pluginParam }, setUrl] = useSearchFilters(urlKeys);
  const [state, dispatch] = useReducer(plannerReducer, undefined, initialPlannerState);
  const { positions, requirements } = state;
  const capabilities = useCapabilitiesSearch();
  const candidates = useCandidatesSearch();
  const requirementsHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const offered = plugins.data ?? [];
  const pluginId = offered.some((p) => p.pluginId === pluginParam) ? (pluginParam ?? '') : '';
  const capabilityResult = capabilities.data?.results[0];

  // Move the person to what just appeared.
  useEffect(() => {
    if (requirements) requirementsHeading.current?.focus();
  }, [requirements]);
  useEffect(() => {
    if (candidates.data) resultsHeading.current?.focus();
  }, [candidates.data]);

  // The searches' answers were for the positions and plugin as they were.
  const forgetSearches = () => {
    if (requirements || capabilities.data) {
      capabilities.reset();
      candidates.reset();
    }
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

  return (
    <div className="page">
      <title>Mission planner · Trainer dashboard</title>
      <PageHeading intro="Describe the positions you need to fill; an AI plugin suggests the competencies and finds people who are ready, or who training would make ready.">
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
                  dispatch({ type: 'pluginChanged' });
                  forgetSearches();
                }}
                pending={capabilities.isPending}
                onSubmit={() => void findCompetencies()}
                refusals={state.refusals}
              />
            )}
            <LiveMessage message={state.status.message} tone={state.status.tone} />
          </section>
        </div>
        <div className="page-main">
          <section aria-labelledby="requirements-heading" className="panel">
            <h2 id="requirements-heading" ref={requirementsHeading} tabIndex={-1}>
              Requirements
            </h2>
            {capabilities.isPending ? (
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
            )}
            <LiveMessage message={state.searchStatus.message} tone={state.searchStatus.tone} />
          </section>
          <section aria-labelledby="results-heading" className="section">
            <h2 id="results-heading" ref={resultsHeading} tabIndex={-1}>
              Candidates
            </h2>
            {candidates.isPending ? (
              <Skeleton label="the candidates" rows={4} />
            ) : candidates.isError ? (
              <ErrorState error={candidates.error} what="the candidates" onRetry={() => void searchCandidates()} />
            ) : candidates.data ? (
              <CandidateResults results={candidates.data.results} asked={state.asked} />
            ) : (
              <p className="muted">Candidates appear here after a search.</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
