/**
 * An endpoint's address, built from the endpoint itself so that no client
 * (the dashboard, the admin command, the sample plugin) spells a path by
 * hand: each `:name` of the path filled with its parameter, encoded as one
 * path segment, and the query's set values as the query string.
 */
import type { Endpoint, UrlInput } from './endpoint.ts';

/**
 * `base` is the address the path is under (a base address, or nothing for a
 * path alone). A query value left undefined, null or empty is not sent:
 * that is how a filter is left unset.
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: UrlInput<E>, base = ''): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = params[name];
    // Left empty, the address would name another endpoint (`/plugins/` is the list).
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`${endpoint.method} ${endpoint.path} needs its "${name}" parameter`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `${base}${path}${query ? `?${query}` : ''}`;
}
