/**
 * The route error boundary: 5xx answers (thrown by React Query), a page
 * chunk that failed to load, or a bug. 4xx never get here.
 */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { isApiError } from '../lib/api/api-error';

function describe(error: unknown): { title: string; detail: string } {
  if (isApiError(error)) {
    return {
      title: 'The service failed',
      detail: `The platform answered ${error.status} (${error.message}). Nothing you did caused this; try again in a moment.`,
    };
  }
  if (isRouteErrorResponse(error)) {
    return { title: `Page error ${error.status}`, detail: error.statusText || 'The page could not be shown.' };
  }
  if (error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)) {
    return {
      title: 'Part of the dashboard did not load',
      detail: 'The connection dropped or the dashboard was updated. Reload to get the current version.',
    };
  }
  return { title: 'Something went wrong', detail: 'The page failed unexpectedly. Try again.' };
}

export function RouteError() {
  const error = useRouteError();
  const { title, detail } = describe(error);
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
