/**
 * The platform's OAuth sign-in in the document: its endpoints answer an HTML
 * page or a redirect rather than JSON, their failures are error pages, and
 * some send the browser back to the app with the answer in a redirect.
 */
import type { Endpoint } from '../endpoint.ts';
import { errorHeaderRefs } from './error-responses.ts';

/** A page or a redirect: the error answers are pages a person reads, not the JSON error body. */
export function signinPageErrors(endpoint: Endpoint): Record<string, unknown> {
  if (endpoint.answer !== 'html' && endpoint.answer !== 'redirect') return {};
  const page = (description: string, headers: Record<string, unknown> = {}) => ({
    description,
    headers: { ...errorHeaderRefs, ...headers },
    content: { 'text/html': { schema: { type: 'string' } } },
  });
  const retryAfter = {
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
  };
  return {
    '400': page(
      'An error page: an unknown client_id or a redirect_uri not registered for it (never redirected to), or a form to correct',
    ),
    '401': page('The sign-in page again: the handle or password is wrong'),
    '403': page(
      'A form post from another site, or one without the page’s cookie and token; a sandbox app on production',
    ),
    ...(endpoint.method === 'POST'
      ? {
          '429': page(
            'The sign-in page again, no password checked: too many failed sign-ins of this handle from this address, or from this address in a day (`too_many_requests`); Retry-After says when',
            retryAfter,
          ),
          '503': page(
            'The page again, nothing counted: the service is checking as many passwords as it can at once, or is busy (`overloaded`); Retry-After says when',
            retryAfter,
          ),
        }
      : {}),
  };
}

/** An endpoint that may send the browser back to the app (`redirects`): its 302 or 303, with `Location`. */
export function appRedirect(endpoint: Endpoint, responses: Record<string, unknown>): Record<string, unknown> {
  if (!endpoint.redirects) return {};
  const status = endpoint.method === 'GET' ? '302' : '303';
  const success = responses[status] as { description?: string } | undefined;
  return {
    [status]: {
      ...success,
      description: success?.description ? `${success.description}. ${endpoint.redirects}` : endpoint.redirects,
      headers: {
        Location: { description: 'The app’s redirect_uri with the answer’s parameters', schema: { type: 'string' } },
      },
    },
  };
}
