/**
 * Where the plan is kept, said under the page's heading: by the service for
 * the trainer's account (it follows them to every device they sign in on),
 * or on this device only where the platform keeps no plans or could not be
 * reached. A failure is announced; where the plan is kept is not, on every
 * save.
 */
import { describeError } from '../../../lib/api/describe-error';
import type { PlanKeeping } from '../use-kept-planner';

const sayings = {
  service:
    'Your plan is kept with your account until you start a new one: open the planner on any device you sign in on to find it.',
  checking: 'Looking for the plan kept with your account…',
  deviceForNow: 'Your plan is kept on this device for now.',
  deviceOnly:
    'This platform does not keep plans with your account, so your plan is kept on this device only, until you start a new one.',
} as const;

export function PlanKeepingNote({ keeping }: { readonly keeping: PlanKeeping }) {
  const where =
    keeping.where === 'service'
      ? sayings.service
      : keeping.where === 'checking'
        ? sayings.checking
        : keeping.failed
          ? sayings.deviceForNow
          : sayings.deviceOnly;
  const failed = keeping.failed
    ? keeping.failed.when === 'read'
      ? `The plan kept with your account could not be loaded. ${describeError(keeping.failed.error, 'your plan').detail}`
      : `Your last change could not be saved with your account; it is kept on this device and saved with your next change. ${describeError(keeping.failed.error, 'your plan').detail}`
    : '';
  return (
    <div className="planner-keeping">
      {/* Every saying in one cell, only the current one seen: the line is as tall as the longest from the first
          paint, so finding out where the plan is kept moves nothing below it. */}
      <div className="planner-keeping-where">
        {Object.values(sayings).map((text) => (
          <p key={text} className="muted" aria-hidden={text !== where} data-shown={text === where}>
            {text}
          </p>
        ))}
      </div>
      <p role="status" className={failed ? 'callout callout-info' : 'visually-hidden'}>
        {failed}
      </p>
    </div>
  );
}
