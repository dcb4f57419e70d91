/**
 * The planner's routes are our extension: where the platform answers them as
 * unknown addresses, the page says the planner is not available here (and
 * does not ask again this session) instead of showing forms that cannot work.
 */
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../components/states';
import { useOffered } from '../../../lib/api/use-offered';
import { missionPlannerQueries } from '../api/mission-planner-queries';

export function OnThisPlatform({ children }: { readonly children: ReactNode }) {
  if (useOffered('mission-planner', missionPlannerQueries.plugins())) return children;
  return (
    <div className="page page-narrow">
      <title>Mission planner · Trainer dashboard</title>
      <PageHeading>Mission planner</PageHeading>
      <EmptyState title="The mission planner is not available on this platform">
        <p>
          The platform this dashboard is connected to does not offer mission planner searches. Your students’ comments
          and notes are all here.
        </p>
      </EmptyState>
    </div>
  );
}
