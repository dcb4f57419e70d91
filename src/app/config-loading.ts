/**
 * Loads the runtime configuration (`GET /config.json`) and checks it with
 * the contract's check, so one build serves every environment and a bad
 * pairing (a sandbox client id against production) stops the app with the
 * reason.
 */
import { checkDashboardConfig, type DashboardConfig } from '../../contract/config';

export type ConfigResult =
  | { readonly ok: true; readonly config: DashboardConfig }
  | { readonly ok: false; readonly kind: 'unreachable' | 'invalid'; readonly problems: readonly string[] };

export function parseConfig(json: unknown): ConfigResult {
  const checked = checkDashboardConfig(json);
  return checked.ok ? checked : { ok: false, kind: 'invalid', problems: checked.problems };
}

export async function loadConfig(url = '/config.json'): Promise<ConfigResult> {
  let response: Response;
  try {
    // As index.html preloads it (same mode and credentials), so the preloaded answer is the one used.
    // The service sends it with no-cache: a new configuration is picked up at the next visit.
    response = await fetch(url, { mode: 'cors', credentials: 'same-origin' });
  } catch {
    return {
      ok: false,
      kind: 'unreachable',
      problems: [
        'The service cannot be reached: it may be down, or this device may be offline. Try again in a moment.',
      ],
    };
  }
  if (!response.ok) {
    return {
      ok: false,
      kind: 'unreachable',
      problems: ['The service did not hand out the dashboard’s configuration. Try again in a moment.'],
    };
  }
  try {
    return parseConfig(await response.json());
  } catch {
    return { ok: false, kind: 'invalid', problems: [`${url} is not JSON.`] };
  }
}
