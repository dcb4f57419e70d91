/**
 * Extension: the mission planner for the dashboard (the service asks the
 * plugins). Who may: a trainer (not an anonymous account) signed in to an app
 * that holds the training scope; both, since the answers name people.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  plannerCandidatesBodySchema,
  plannerCandidatesResponseSchema,
  plannerCapabilitiesBodySchema,
  plannerCapabilitiesResponseSchema,
  plannerNamesQuerySchema,
  plannerNamesSchema,
  plannerPluginListSchema,
} from '../mission-planner.ts';

const PLANNER = 'Mission planner';
const TRAINERS = 'Trainers only: a non-trainer or an anonymous account gets 403 forbidden.';

export const plannerEndpoints = {
  plannerPlugins: defineEndpoint({
    method: 'GET',
    path: '/mission-planner/v1/plugins',
    base: 'platform',
    auth: 'training',
    access: TRAINERS,
    tag: PLANNER,
    summary: 'Plugins offered for mission planner search',
    response: plannerPluginListSchema,
    extension: true,
  }),
  plannerCapabilities: defineEndpoint({
    method: 'POST',
    path: '/mission-planner/v1/capabilities',
    base: 'platform',
    auth: 'training',
    access: TRAINERS,
    tag: PLANNER,
    summary:
      "Send the capabilities search request to each plugin offered (or those named); each plugin's answer or failure",
    body: plannerCapabilitiesBodySchema,
    response: plannerCapabilitiesResponseSchema,
    extension: true,
    noStore: true,
  }),
  plannerCandidates: defineEndpoint({
    method: 'POST',
    path: '/mission-planner/v1/candidates',
    base: 'platform',
    auth: 'training',
    access: TRAINERS,
    tag: PLANNER,
    summary:
      "Send the candidate search request to each plugin offered (or those named); each plugin's answer or failure",
    body: plannerCandidatesBodySchema,
    response: plannerCandidatesResponseSchema,
    extension: true,
    noStore: true,
  }),
  plannerNames: defineEndpoint({
    method: 'GET',
    path: '/mission-planner/v1/names',
    base: 'platform',
    auth: 'training',
    access: `${TRAINERS} Names only the people and the courses and objectives the plugin named by pluginId may read itself; an id it may not read is left out of the answer, as an unknown one is. A pluginId not offered is 404.`,
    tag: PLANNER,
    summary:
      'Names of the candidates (userIds), courses and objectives a kept plan shows, for a plan reopened without its answers',
    query: plannerNamesQuerySchema,
    response: plannerNamesSchema,
    extension: true,
    noStore: true,
  }),
} as const;
