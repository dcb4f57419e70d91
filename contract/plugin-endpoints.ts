/**
 * Section 4.2 of the interface: AI-plugin endpoints under /plugin/v2/ai (HTTP
 * Basic with the plugin's client id and secret; `permission` names the API
 * set an administrator must have granted), and our extensions: the mission
 * planner for the dashboard and the administration of plugins. Each area is
 * its own module under `endpoints/`; the dashboard imports only the area a
 * page uses.
 */
import { adminEndpoints } from './endpoints/admin.ts';
import { aiPluginEndpoints } from './endpoints/ai-plugin.ts';
import { plannerEndpoints } from './endpoints/mission-planner.ts';

export const pluginEndpoints = { ...aiPluginEndpoints, ...plannerEndpoints, ...adminEndpoints } as const;

export type PluginEndpointName = keyof typeof pluginEndpoints;
