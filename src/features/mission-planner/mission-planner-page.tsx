/**
 * Mission planner: describe positions, let a plugin derive their
 * competencies, adjust the requirements, and read the ready and recommended
 * candidates with their training gaps. The chosen plugin is in the URL; the
 * answers (which name people) stay in memory only.
 */
import { useQuery } from '@tanstack/react-query';
import './mission-planner.css';
import { useEffect, useRef, useState } from 'react';
import type { CandidatePosition } from '../../../contract/mission-planner';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, ErrorState, LiveMessage, Skeleton } from '../../components/states';
import { TrainersOnly } from '../../components/trainers-only';
import { describeError } from '../../lib/api/describe-error';
import { useSearchFilters } from '../../lib/url/use-search-filters';
import { missionPlannerQueries, useCandidatesSearch, useCapabilitiesSearch } from './api/mission-planner-queries';
import { CandidateResults } from './components/candidate-results';
import { PluginFailureNotice } from './components/plugin-failure';
import { PluginWarnings } from './components/plugin-warnings';
import { PositionsForm } from './components/positions-form';
import { RequirementsForm } from './components/requirements-form';
import {
  newPosition,
  type PositionDraft,
  type PositionErrors,
  type PositionRequirements,
  type RequirementErrors,
  requirementsFrom,
  validatePositions,
  validateRequirements,
} from './planner-model';

const urlKeys = ['plugin'] as const;

interface Status {
  readonly message: string;
  readonly tone: 'info' | 'error';
}

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
  const [positions, setPositions] = useState<PositionDraft[]>(() => [newPosition()]);
  const [positionErrors, setPositionErrors] = useState<PositionErrors[]>([]);
  const [pluginError, setPluginError] = useState<string>();
  const [refusals, setRefusals] = useState(0);
  const [searchRefusals, setSearchRefusals] = useState(0);
  const [requirements, setRequirements] = useState<PositionRequirements[]>();
  const [requirementErrors, setRequirementErrors] = useState<RequirementErrors[]>([]);
  const [asked, setAsked] = useState<CandidatePosition[]>([]);
  const [status, setStatus] = useState<Status>({ message: '', tone: 'info' });
  const [searchStatus, setSearchStatus] = useState<Status>({ message: '', tone: 'info' });
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

  const changePositions = (next: PositionDraft[]) => {
    setPositions(next);
    // Competencies found for other positions no longer apply.
    if (requirements || capabilities.data) {
      setRequirements(undefined);
      capabilities.reset();
      candidates.reset();
    }
  };

  const findCompetencies = async () => {
    const { positions: valid, errors } = validatePositions(positions);
    setPositionErrors(errors);
    setPluginError(pluginId ? undefined : 'Choose the plugin to ask.');
    if (!valid || !pluginId) {
      setRefusals((n) => n + 1);
      setStatus({ message: 'Fix the marked fields, then find competencies again.', tone: 'error' });
      return;
    }
    setStatus({ message: 'Asking the plugin for competencies…', tone: 'info' });
    setSearchStatus({ message: '', tone: 'info' });
    setRequirements(undefined);
    candidates.reset();
    try {
      const answer = await capabilities.mutateAsync({ pluginIds: [pluginId], positions: valid });
      const result = answer.results[0];
      if (result?.status === 'ok') {
        setRequirements(requirementsFrom(valid, result.capabilities));
        setRequirementErrors([]);
        setStatus({ message: 'Competencies found. Adjust the requirements, then search candidates.', tone: 'info' });
      } else {
        setStatus({ message: 'The plugin did not answer with competencies.', tone: 'error' });
      }
    } catch (error) {
      setStatus({ message: `${describeError(error, 'competencies').title}.`, tone: 'error' });
    }
  };

  const searchCandidates = async () => {
    if (!requirements) return;
    const { positions: valid, errors } = validateRequirements(requirements);
    setRequirementErrors(errors);
    if (!valid) {
      setSearchRefusals((n) => n + 1);
      setSearchStatus({ message: 'Fix the marked requirements, then search again.', tone: 'error' });
      return;
    }
    setSearchStatus({ message: 'Searching candidates…', tone: 'info' });
    setAsked(valid);
    try {
      const answer = await candidates.mutateAsync({ pluginIds: [pluginId], positions: valid });
      const found = answer.results.flatMap((r) => (r.status === 'ok' ? r.candidates.positions : []));
      const ready = found.reduce((n, p) => n + p.readyCandidates.length, 0);
      const recommended = found.reduce((n, p) => n + p.recommendedCandidates.length, 0);
      const failed = answer.results.filter((r) => r.status === 'failed').length;
      setSearchStatus(
        failed > 0
          ? { message: 'The plugin did not answer the search; see below.', tone: 'error' }
          : { message: `Search finished: ${ready} ready and ${recommended} recommended candidates.`, tone: 'info' },
      );
    } catch (error) {
      setSearchStatus({ message: `${describeError(error, 'candidates').title}.`, tone: 'error' });
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
                errors={positionErrors}
                onChange={changePositions}
                plugins={offered}
                pluginsLoading={plugins.isPending}
                pluginId={pluginId}
                pluginError={pluginError}
                onPluginChange={(next) => {
                  setUrl({ plugin: next });
                  setPluginError(undefined);
                  changePositions(positions);
                }}
                pending={capabilities.isPending}
                onSubmit={() => void findCompetencies()}
                refusals={refusals}
              />
            )}
            <LiveMessage message={status.message} tone={status.tone} />
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
                  errors={requirementErrors}
                  onChange={(next) => {
                    setRequirements(next);
                    setRequirementErrors([]);
                  }}
                  pending={candidates.isPending}
                  onSubmit={() => void searchCandidates()}
                  refusals={searchRefusals}
                />
              </>
            ) : (
              <p className="muted">Describe the positions and choose a plugin, then find their competencies.</p>
            )}
            <LiveMessage message={searchStatus.message} tone={searchStatus.tone} />
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
              <CandidateResults results={candidates.data.results} asked={asked} />
            ) : (
              <p className="muted">Candidates appear here after a search.</p>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
