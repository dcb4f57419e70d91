/**
 * The validated runtime configuration, set once at start-up (src/main.tsx)
 * before anything renders, and read by the API client and pages.
 */
import type { DashboardConfig } from '../../../contract/config';

let current: DashboardConfig | undefined;

export function setRuntimeConfig(config: DashboardConfig): void {
  current = config;
}

export function getRuntimeConfig(): DashboardConfig {
  if (!current) throw new Error('The runtime configuration is read before start-up loaded it');
  return current;
}
