/**
 * Pages other features add to the signed-in app. Each entry becomes a lazy
 * route under the signed-in layout and a link in its navigation. The mission
 * planner adds itself with one entry:
 *   { path: 'mission-planner', label: 'Mission planner', load: () => import('../features/mission-planner/mission-planner-page') }
 * (its route module default-exports the page component).
 */
import type { ComponentType } from 'react';
import type { PrefetchModule } from './prefetch';

export interface FeatureRoute {
  readonly path: string;
  /** Its link in the navigation; none for a page reached otherwise (the search, from the header's box). */
  readonly label?: string;
  readonly load: () => Promise<{ default: ComponentType }>;
  /** The page's data, asked for while its code downloads (see prefetch.ts). */
  readonly prefetch?: PrefetchModule;
}

export const featureRoutes: readonly FeatureRoute[] = [
  {
    path: 'mission-planner',
    label: 'Mission planner',
    load: () => import('../features/mission-planner/mission-planner-page'),
    prefetch: () => import('../features/mission-planner/prefetch'),
  },
  { path: 'search', load: () => import('../features/search/search-page') },
  { path: 'classes/write', load: () => import('../features/several-students/several-students-page') },
  // Reached from each class on the classes page.
  {
    path: 'classes/:classId/readiness',
    load: () => import('../features/class-readiness/class-readiness-page'),
    prefetch: () => import('../features/class-readiness/prefetch'),
  },
];
