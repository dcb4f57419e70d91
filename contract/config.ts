/**
 * The dashboard's runtime configuration (`/config.json`), so one build serves
 * every environment. Sandbox client ids start with `sandbox-`; one of them
 * paired with the production environment is refused.
 *
 * Checked in plain code rather than with a zod schema: the check runs before
 * the dashboard's first paint, and a schema library there would be most of
 * the first page's own weight (bench `bundle`). The rules and messages are
 * the ones the schema had; config.json is no API answer (those are all
 * parsed with the contract's zod schemas).
 */
import type { Environment } from './sandbox.ts';

export const SANDBOX_CLIENT_PREFIX = 'sandbox-';

export function isSandboxClientId(clientId: string): boolean {
  return clientId.startsWith(SANDBOX_CLIENT_PREFIX);
}

export interface DashboardConfig {
  readonly environment: Environment;
  /** The platform base address ({base_url}) without a trailing slash; "" for the same origin. */
  readonly platformUrl: string;
  /** The notes base address ({notes_url}), likewise. */
  readonly notesUrl: string;
  readonly clientId: string;
}

export type ConfigCheck =
  | { readonly ok: true; readonly config: DashboardConfig }
  /** Each problem names the setting first: `clientId: must name the app client id`. */
  | { readonly ok: false; readonly problems: readonly string[] };

const environments: readonly Environment[] = ['sandbox', 'production'];

function baseUrl(value: unknown, name: string, problems: string[]): string {
  if (typeof value !== 'string') {
    problems.push(`${name}: must be a string`);
    return '';
  }
  if (value !== '' && !/^https?:\/\/[^\s]+$/.test(value)) {
    problems.push(`${name}: must be empty (same origin) or an http(s) address`);
    return '';
  }
  return value.replace(/\/+$/, '');
}

/** Checks a parsed config.json: the configuration, or every problem with it. Unknown keys are ignored. */
export function checkDashboardConfig(json: unknown): ConfigCheck {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { ok: false, problems: ['must be a JSON object with environment, platformUrl, notesUrl and clientId'] };
  }
  const input = json as Record<string, unknown>;
  const problems: string[] = [];
  const environment = input.environment;
  if (!environments.includes(environment as Environment)) {
    problems.push(`environment: must be one of ${environments.map((e) => `"${e}"`).join(', ')}`);
  }
  const platformUrl = baseUrl(input.platformUrl, 'platformUrl', problems);
  const notesUrl = baseUrl(input.notesUrl, 'notesUrl', problems);
  const clientId = input.clientId;
  if (typeof clientId !== 'string' || clientId.length === 0) {
    problems.push('clientId: must name the app client id');
  } else if (environment === 'production' && isSandboxClientId(clientId)) {
    problems.push(
      `clientId: "${clientId}" is a sandbox client id; it works only against the sandbox platform, not production`,
    );
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: { environment: environment as Environment, platformUrl, notesUrl, clientId: clientId as string },
  };
}
