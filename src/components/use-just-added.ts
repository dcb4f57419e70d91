/**
 * The entry a person has just added takes focus and comes into view, so they land on what they wrote (a
 * screen reader reads it, "… added" included) rather than on the page's top; on a phone the list sits below
 * the forms, out of view, without it.
 */
import { type RefObject, useEffect } from 'react';
import { bringIntoView } from './bring-into-view';

export function useJustAdded(ref: RefObject<HTMLElement | null>, justAdded: boolean): void {
  useEffect(() => {
    if (!justAdded || !ref.current) return;
    bringIntoView(ref.current);
  }, [justAdded, ref]);
}
