/**
 * What the platform left out of a plugin's answer, said plainly: the part of
 * the answer (its path) and why. Shown next to what the plugin did answer, so
 * a trainer knows the list may be short and why.
 */
import type { PlannerWarning } from '../../../../contract/mission-planner';

export function PluginWarnings({
  name,
  warnings,
}: {
  readonly name: string;
  readonly warnings: readonly PlannerWarning[];
}) {
  if (warnings.length === 0) return null;
  return (
    <div className="callout callout-info">
      <p className="callout-title">
        The platform left out {warnings.length === 1 ? 'one part' : `${warnings.length} parts`} of {name}’s answer
      </p>
      <ul className="planner-warnings">
        {warnings.map((warning, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: warnings are shown in the order given and never reordered.
          <li key={index}>
            <code>{warning.path}</code> {warning.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
