/**
 * Wraps a trainer page (comments, a student's record, the mission planner).
 * Someone who is not a trainer here — a trainee, an anonymous person, or a
 * trainer in an app without the training scope — who opens one by its URL is
 * told it is for trainers, and where to go instead. While the dashboard does
 * not know yet, the page renders: nearly everyone who opens a trainer page is
 * a trainer, and their page should not wait.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAccess } from '../lib/access/use-access';
import { PageHeading } from './page-heading';

export function TrainersOnlyNotice({
  what,
  trainerWithoutScope,
}: {
  readonly what: string;
  readonly trainerWithoutScope: boolean;
}) {
  return (
    <div className="page page-narrow">
      <PageHeading>{what} is for trainers</PageHeading>
      <div className="callout callout-info">
        {trainerWithoutScope ? (
          <p>
            This app does not hold the training scope, so it offers no trainer pages; only a platform administrator can
            grant it. Your notes, profile and friends are here.
          </p>
        ) : (
          <p>
            {what} shows what trainers write about the students of their classes. You train no class here, so there is
            nothing for you on this page. Your notes, profile and friends are here.
          </p>
        )}
        <p>
          <Link to="/notes">My notes</Link> · <Link to="/profile">My profile</Link> ·{' '}
          <Link to="/friends">My friends</Link>
        </p>
      </div>
    </div>
  );
}

export function TrainersOnly({ what, children }: { readonly what: string; readonly children: ReactNode }) {
  const state = useAccess();
  if (state.status === 'ready' && !state.access.trainer) {
    return (
      <>
        <title>{`${what} · Trainer dashboard`}</title>
        <TrainersOnlyNotice what={what} trainerWithoutScope={state.access.trainerWithoutScope} />
      </>
    );
  }
  return children;
}
