/**
 * Class readiness asks plugins through the mission planner, our extension:
 * where the platform answers its routes as unknown addresses, the page says
 * readiness is not available here (and does not ask again this session), as
 * the planner's own page does, instead of a form that cannot work.
 */
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../components/states';
import { extensions, isUnknownAddress } from '../../../lib/api/extensions';
import { readinessQueries } from '../api/readiness-queries';

export function WhereThePlannerIsOffered({ children }: { readonly children: ReactNode }) {
  const offered = useSyncExternalStore(extensions.subscribe, () => extensions.offered('mission-planner'));
  const plugins = useQuery({ ...readinessQueries.plugins(), enabled: offered });
  const absent = isUnknownAddress(plugins.error);
  useEffect(() => {
    if (absent) extensions.markAbsent('mission-planner');
  }, [absent]);
  if (offered && !absent) return children;
  return (
    <div className="page page-narrow">
      <title>Class readiness · Trainer dashboard</title>
      <PageHeading>Class readiness</PageHeading>
      <EmptyState title="Class readiness is not available on this platform">
        <p>
          The platform this dashboard is connected to does not offer the mission planner, whose plugins judge who is
          ready for a position. Your students’ comments and notes are all here.
        </p>
      </EmptyState>
    </div>
  );
}
