/** The full-page error shown when the runtime configuration is missing or refused. */
import type { ConfigResult } from './config-loading';

type Failure = Extract<ConfigResult, { ok: false }>;

export function ConfigErrorPage({ failure }: { readonly failure: Failure }) {
  const invalid = failure.kind === 'invalid';
  return (
    <main className="standalone" id="main">
      <div className="standalone-card">
        <h1>
          {invalid ? 'The dashboard’s configuration was refused' : 'The dashboard could not load its configuration'}
        </h1>
        <div role="alert" className="callout callout-error">
          <p className="callout-title">
            {invalid
              ? 'The runtime configuration (/config.json) is not valid:'
              : 'The runtime configuration is unavailable:'}
          </p>
          <ul>
            {failure.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
        {invalid ? (
          <p>
            Whoever deployed this dashboard must fix <code>/config.json</code>. A sandbox client ID works only against
            the sandbox platform: use the production client ID with the production environment, or point the dashboard
            at the sandbox.
          </p>
        ) : (
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Try again
          </button>
        )}
      </div>
    </main>
  );
}
