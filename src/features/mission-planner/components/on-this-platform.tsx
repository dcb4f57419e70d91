/**
 * The planner's routes are our extension: where the platform answers them as
 * unknown addresses, the page says the planner is not available here (and
 * does not ask again this session) instead of showing forms that cannot work.
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../components/states';
import { extensions, isUnknownAddress } from '../../../lib/api/extensions';
import { missionPlannerQueries } from '../api/mission-planner-queries';

export function OnThisPlatform({ children }: { readonly children: ReactNode }) {
  const offered = useSyncExternalStore(extensions.subscribe, () => extensions.offered('mission-planner'));
  const plugins = useQuery({ ...missionPlannerQueries.plugins(), enabled: offered });
  const absent = isUnknownAddress(plugins.error);
  useEffect(() => {
    if (absent) extensions.markAbsent('mission-planner');
  }, [absent]);
  if (offered && !absent) return children;
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
