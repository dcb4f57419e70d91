/** What a page says while the service cannot be reached: plain words, what still works, and that it keeps trying. */
import { OUTAGE_KEPT } from '../lib/api/describe-error';

export const UNREACHABLE_TITLE = 'The service cannot be reached';

export function ServiceUnreachable({ what }: { readonly what: string }) {
  return (
    <div className="route-error">
      <h1 tabIndex={-1}>{UNREACHABLE_TITLE}</h1>
      <div className="callout callout-error" role="alert">
        <p>
          The dashboard could not fetch {what}: the service may be down, or this device may be offline. {OUTAGE_KEPT}
        </p>
        <p>It keeps trying, and shows the page by itself as soon as the service answers.</p>
      </div>
    </div>
  );
}
