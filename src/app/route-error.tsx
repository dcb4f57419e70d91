/**
 * The route error boundary, one per page inside the signed-in layout (so the
 * header and navigation stay): 5xx answers (thrown by React Query), or a bug.
 * 4xx never get here, and a page whose code could not be fetched recovers by
 * itself (page-loader.tsx). Plain words only: no status number, no address.
 */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { isApiError } from '../lib/api/api-error';
import { isChunkLoadError } from './page-loader';

export function describeRouteError(error: unknown): { title: string; detail: string } {
  if (isApiError(error)) {
    return {
      title: 'The service failed',
      detail:
        'The service could not complete the request on its side; nothing you did caused this. Try again in a moment.',
    };
  }
  if (isRouteErrorResponse(error)) {
    return { title: 'This page could not be shown', detail: 'Check the address, or go to the start page.' };
  }
  if (isChunkLoadError(error)) {
    return {
      title: 'Part of the dashboard did not load',
      detail: 'The connection dropped or the dashboard was updated. Try again to get the current version.',
    };
  }
  return { title: 'Something went wrong', detail: 'The page failed unexpectedly. Try again.' };
}

export function RouteError() {
  const error = useRouteError();
  const { title, detail } = describeRouteError(error);
  return (
    <div className="route-error">
      <h1 tabIndex={-1}>{title}</h1>
      <div className="callout callout-error" role="alert">
        <p>{detail}</p>
        <div className="actions">
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try again
          </button>
          <Link className="button button-secondary" to="/">
            Go to the start page
          </Link>
        </div>
      </div>
    </div>
  );
}

/** The root boundary has no layout around it, so it brings its own landmark. */
export function RootRouteError() {
  return (
    <main className="standalone" id="main">
      <div className="standalone-card">
        <RouteError />
      </div>
    </main>
  );
}

export function NotFoundPage() {
  return (
    <div>
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        There is no page at this address. <Link to="/">Go to the start page</Link>.
      </p>
    </div>
  );
}
