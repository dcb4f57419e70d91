/**
 * The validated runtime configuration, set once at start-up (src/main.tsx)
 * before anything renders, and read by the API client and pages. Work that
 * starts earlier (prefetching a page's data while its code loads) waits for
 * it with `whenConfigured`.
 */
import type { DashboardConfig } from '../../../contract/config';

let current: DashboardConfig | undefined;
let announce: (config: DashboardConfig) => void = () => {};
const configured = new Promise<DashboardConfig>((resolve) => {
  announce = resolve;
});

export function setRuntimeConfig(config: DashboardConfig): void {
  current = config;
  announce(config);
}

export function getRuntimeConfig(): DashboardConfig {
  if (!current) throw new Error('The runtime configuration is read before start-up loaded it');
  return current;
}

/** Resolves with the configuration once start-up has it (never, if it was refused). */
export function whenConfigured(): Promise<DashboardConfig> {
  return configured;
}
