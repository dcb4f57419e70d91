import type { ReactNode } from 'react';

/**
 * The page's one h1. It takes focus after a navigation (see the signed-in
 * layout), so it is focusable from script but not a tab stop.
 */
export function PageHeading({ children, intro }: { readonly children: ReactNode; readonly intro?: ReactNode }) {
  return (
    <div className="page-heading">
      <h1 tabIndex={-1}>{children}</h1>
      {intro ? <p className="page-intro">{intro}</p> : null}
    </div>
  );
}
