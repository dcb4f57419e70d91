/** A plugin that gave no usable answer, said plainly: which plugin, what went wrong, where. */
import type { PluginFailure } from '../../../../contract/mission-planner';

const titles: Record<PluginFailure['code'], string> = {
  timeout: 'did not answer in time',
  unreachable: 'could not be reached',
  rejected_credentials: 'refused the platform’s credentials',
  http_error: 'answered with an error',
  invalid_response: 'answered in a shape the platform does not accept',
};

const advice: Record<PluginFailure['code'], string> = {
  timeout: 'Try again; if it keeps happening, the plugin may be overloaded.',
  unreachable: 'Check that the plugin is running at the address an administrator configured.',
  rejected_credentials: 'An administrator must check the plugin’s client id and secret on both sides.',
  http_error: 'Try again later, or ask the plugin’s maintainers.',
  invalid_response: 'The plugin’s maintainers must fix their answer.',
};

export function PluginFailureNotice({ name, failure }: { readonly name: string; readonly failure: PluginFailure }) {
  return (
    <div className="callout callout-error" role="alert">
      <p className="callout-title">
        {name} {titles[failure.code]}
      </p>
      <p>{failure.message}</p>
      {failure.issues && failure.issues.length > 0 ? (
        <ul>
          {failure.issues.slice(0, 5).map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              <code>{issue.path}</code> {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
      <p>{advice[failure.code]}</p>
    </div>
  );
}
