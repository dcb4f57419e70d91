/** The planner's second step: the competencies the plugin derived, as requirements to adjust before the candidate search. */
import type { Dispatch, RefObject } from 'react';
import { ErrorState, LiveMessage, Skeleton } from '../../../components/states';
import type { PlannerAction, PlannerState } from '../planner-model';
import type { PlannerSearches } from '../use-planner-searches';
import { PluginFailureNotice } from './plugin-failure';
import { PluginWarnings } from './plugin-warnings';
import { RequirementsForm } from './requirements-form';

export function RequirementsStep({
  state,
  dispatch,
  searches,
  headingRef,
}: {
  readonly state: PlannerState;
  readonly dispatch: Dispatch<PlannerAction>;
  readonly searches: PlannerSearches;
  /** Focused when the step is entered. */
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { capabilities, candidates, searchCandidates } = searches;
  const { requirements } = state;
  const capabilityResult = capabilities.data?.results[0];
  return (
    <section aria-labelledby="requirements-heading" className="panel">
      <h2 id="requirements-heading" ref={headingRef} tabIndex={-1}>
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
  );
}
