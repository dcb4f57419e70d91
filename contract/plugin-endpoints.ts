/**
 * Section 4.2 of the interface: AI-plugin endpoints under /plugin/v2/ai, and
 * the mission planner extension. Filled in by the plugin work (issue 4).
 */
export const pluginEndpoints = {} as const;
