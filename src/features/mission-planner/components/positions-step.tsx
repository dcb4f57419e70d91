/** The planner's first step: the positions and the plugin, or why there is no plugin to choose. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import type { PlannerPlugin } from '../../../../contract/mission-planner';
import { EmptyState, ErrorState, LiveMessage } from '../../../components/states';
import type { PlannerAction, PlannerState } from '../planner-model';
import type { PlannerSearches } from '../use-planner-searches';
import { PositionsForm } from './positions-form';

export function PositionsStep({
  plugins,
  pluginId,
  state,
  dispatch,
  searches,
  onPluginChosen,
  onNewPlan,
}: {
  readonly plugins: UseQueryResult<readonly PlannerPlugin[]>;
  /** The plan's plugin when it is offered, else none. */
  readonly pluginId: string;
  readonly state: PlannerState;
  readonly dispatch: Dispatch<PlannerAction>;
  readonly searches: PlannerSearches;
  /** Puts the chosen plugin in the URL. */
  readonly onPluginChosen: (pluginId: string) => void;
  readonly onNewPlan: () => void;
}) {
  const { capabilities, candidates, forgetSearches, findCompetencies } = searches;
  const offered = plugins.data ?? [];
  return (
    <section aria-labelledby="positions-heading" className="panel">
      <h2 id="positions-heading">Positions</h2>
      {plugins.isError ? (
        <ErrorState error={plugins.error} what="the plugins offered" onRetry={() => void plugins.refetch()} />
      ) : plugins.isSuccess && offered.length === 0 ? (
        <EmptyState title="No plugin is offered for mission planner search">
          <p>
            An administrator must register an AI plugin, switch on its mission planner permission and set both of its
            mission planner addresses.
          </p>
        </EmptyState>
      ) : (
        <PositionsForm
          positions={state.positions}
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
            onPluginChosen(next);
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
          onClick={onNewPlan}
          disabled={capabilities.isPending || candidates.isPending}
        >
          Start a new plan
        </button>
      </div>
    </section>
  );
}
