/**
 * The plugins the mission planner extension offers: read by the planner's
 * page and by class readiness alike, under one cache entry, so opening one
 * page after the other reads the list once.
 */
import { queryOptions } from '@tanstack/react-query';
import { plannerEndpoints } from '../../../contract/endpoints/mission-planner';
import { call } from './client';

export const plannerPluginsQuery = () =>
  queryOptions({
    queryKey: ['mission-planner', 'plugins'] as const,
    queryFn: ({ signal }) => call(plannerEndpoints.plannerPlugins, { signal }),
  });
