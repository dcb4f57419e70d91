/**
 * Class readiness asks plugins through the mission planner, our extension:
 * where the platform answers its routes as unknown addresses, the page says
 * readiness is not available here (and does not ask again this session), as
 * the planner's own page does, instead of a form that cannot work.
 */
import type { ReactNode } from 'react';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../components/states';
import { useOffered } from '../../../lib/api/use-offered';
import { readinessQueries } from '../api/readiness-queries';

export function WhereThePlannerIsOffered({ children }: { readonly children: ReactNode }) {
  if (useOffered('mission-planner', readinessQueries.plugins())) return children;
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
